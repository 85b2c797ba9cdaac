import Skeleton from 'antd-mobile/es/components/skeleton';
import './page-skeleton.css';

export type PageSkeletonProps = {
  /** Announced to assistive tech while the page loads. */
  label: string;
};

/** Loading placeholder shaped like a loan page: a header card and two content cards. */
export function PageSkeleton({ label }: PageSkeletonProps) {
  return (
    <div className="presta-loan-skeleton" role="status" aria-live="polite">
      <span className="presta-loan-visually-hidden">{label}</span>
      <div aria-hidden="true">
        <Skeleton animated className="presta-loan-skeleton-hero" />
        <div className="presta-loan-skeleton-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
        <div className="presta-loan-skeleton-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      </div>
    </div>
  );
}
