import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';
import { cn } from '../../utils/cn';
import { Input } from './field';

/** A search box with its magnifier; it has no visible label, so give it an aria-label. */
export function SearchInput({ className, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { 'aria-label': string }) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
