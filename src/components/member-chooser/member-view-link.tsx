import { Link } from '@tanstack/react-router';
import type { MouseEvent, KeyboardEvent } from 'react';
import { canAccess } from '../../contracts/permissions';
import { useCurrentRoles } from '../../hooks/use-session';

// The row itself chooses the member: following the link must not choose it too.
const keepToLink = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

/** The member view of a listed subscriber, for roles that may open it. */
export function MemberViewLink({ subscriberPK, name }: { subscriberPK: number; name: string }) {
  if (!canAccess(useCurrentRoles(), 'members')) return null;
  return (
    <Link
      to="/member/$subscriberPK"
      params={{ subscriberPK }}
      aria-label={`View member ${name}`}
      onClick={keepToLink}
      onKeyDown={keepToLink}
    >
      View
    </Link>
  );
}
