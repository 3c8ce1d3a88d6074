// Its own module so that error-toast.ts can load the toast on demand without the rest of antd-mobile.
export { Toast } from 'antd-mobile';
