import { SpinLoading } from 'antd-mobile';

/** antd-mobile's spinner, its own chunk: it animates with react-spring, which the first screen does without. */
export default function Spinner() {
  return <SpinLoading color="primary" />;
}
