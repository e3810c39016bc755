import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../config.ts';

export function BrandMark({ size = 32 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden="true" style={{ borderRadius: size / 4 }} />;
}

export function Brand({ to }: { to: string }) {
  return (
    <Link to={to} className="brand" aria-label={`${PRODUCT_NAME} home`}>
      <BrandMark />
      <span className="brand-name">{PRODUCT_NAME}</span>
    </Link>
  );
}
