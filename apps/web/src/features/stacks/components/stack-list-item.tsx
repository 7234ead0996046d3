import { Link } from 'react-router';
import type { MyStack } from '@pledgeway/domain/schemas/stacks';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** One of the host's stacks: its campaigns (saying which the public no longer sees), View, Edit and Delete. */
export function StackListItem({ stack, onEdit, onDelete }: { stack: MyStack; onEdit(): void; onDelete(): void }) {
  const shown = stack.campaigns.filter((campaign) => campaign.published).length;
  return (
    <li className="card grid gap-3 p-5 [overflow-wrap:anywhere]">
      <div>
        <h2 className="text-lg font-semibold">{stack.title}</h2>
        {stack.description && <p className="mt-1 text-sm text-ink-600">{stack.description}</p>}
      </div>
      <ul className="grid gap-1 text-sm">
        {stack.campaigns.map((campaign) => (
          <li key={campaign._id} className="flex flex-wrap items-baseline gap-2">
            <span className="font-medium">{campaign.name}</span>
            {!campaign.published && <span className="text-xs text-ink-500">(not shown: the campaign is no longer public)</span>}
          </li>
        ))}
      </ul>
      {shown === 0 && <p className="text-sm text-red-700">None of its campaigns is public any more, so this stack has no page. Edit it or delete it.</p>}
      <div className="flex flex-wrap gap-2">
        {shown > 0 && (
          <Link to={paths.stack(stack._id)} className={buttonClasses({ size: 'sm', variant: 'dark' })} aria-label={`View the page of ${stack.title}`}>
            View page
          </Link>
        )}
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${stack.title}`}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${stack.title}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
