export { OrderPanel, type OrderPanelProps } from './OrderPanel';
