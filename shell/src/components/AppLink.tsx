import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@fluentui/react-components';

/** A Fluent link that navigates inside the app without a page load (and still works as a plain href). */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </Link>
  );
}
