import { Link } from 'react-router';
import type { CategoryRef } from '../../../../../shared/schemas/catalogue';
import { paths } from '../../../../config/paths';

/** Home › Our Tools › the tool's category path › the tool; each category opens Our Tools filtered by it. */
export function ToolBreadcrumb({ categoryPath, name }: { categoryPath: readonly CategoryRef[]; name: string }) {
  const crumbs = [
    { label: 'Home', to: paths.home },
    { label: 'Our Tools', to: paths.ourTools },
    ...categoryPath.map((category) => ({ label: category.name, to: `${paths.ourTools}?category=${encodeURIComponent(category.slug)}` })),
  ];
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-base-content/80">
        {crumbs.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-2">
            <Link to={crumb.to} className="link link-hover">
              {crumb.label}
            </Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="font-medium text-base-content">
          {name}
        </li>
      </ol>
    </nav>
  );
}
