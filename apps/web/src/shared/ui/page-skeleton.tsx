import Skeleton from 'antd-mobile/es/components/skeleton';
import './page-skeleton.css';

export type PageSkeletonProps = {
  /** Announced to assistive tech while the page loads. */
  label: string;
};

/** Loading placeholder of a borrower page: a header card and two content cards (as on the loan pages). */
export function PageSkeleton({ label }: PageSkeletonProps) {
  return (
    <div className="presta-page-skeleton" role="status" aria-live="polite">
      <span className="presta-visually-hidden">{label}</span>
      <div aria-hidden="true">
        <Skeleton animated className="presta-page-skeleton-hero" />
        <div className="presta-page-skeleton-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={4} animated />
        </div>
        <div className="presta-page-skeleton-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      </div>
    </div>
  );
}
