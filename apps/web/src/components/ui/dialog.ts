// antd-mobile's Dialog (and its animation library), loaded when a screen first asks a question.
export { Dialog } from 'antd-mobile';
