import { type ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';
import { Card, CardBody } from './Card';
import { PencilIcon, TrashIcon } from './icons';

/** The slice of a query (TanStack Query's result, say) a state view reads. */
export interface ViewQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: T | undefined;
}

/** The slice of a list query a list card reads. */
export type ListQuery<T> = ViewQuery<readonly T[]>;

export interface QueryStateProps<T> {
  query: ViewQuery<T>;
  /** Placeholder while the query loads. */
  loading: ReactNode;
  /** Title of the alert shown when the query fails; the error's message is its text. */
  errorTitle: ReactNode;
  /** What the loaded data shows. */
  children: (data: T) => ReactNode;
}

/** A query's three states: loading, failed, or its data. */
export function QueryState<T>({ query, loading, errorTitle, children }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    return (
      <Alert variant="danger" title={errorTitle}>
        {query.error?.message}
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}

export interface ListStateProps<T> extends Omit<QueryStateProps<readonly T[]>, 'children'> {
  /** What an empty list shows. */
  empty: ReactNode;
  /** The rows. */
  children: (items: readonly T[]) => ReactNode;
}

/** A list's four states: loading, failed, empty, or its rows. */
export function ListState<T>({ empty, children, ...state }: ListStateProps<T>) {
  return (
    <QueryState {...state}>
      {(items) => (items.length === 0 ? <>{empty}</> : children(items))}
    </QueryState>
  );
}

export interface ListCardProps<T> extends ListStateProps<T> {
  /** The card's heading row (title, description, the add button). */
  header: ReactNode;
  /** Between the heading and the list: a count, a limit warning. */
  notices?: ReactNode;
  /** The card's dialogs (add, edit, delete), rendered after its body. */
  dialogs?: ReactNode;
  className?: string;
}

/** A card that manages a list of records: heading, notices, the list in its states, dialogs. */
export function ListCard<T>({ header, notices, dialogs, className, ...list }: ListCardProps<T>) {
  return (
    <Card as="section" className={className}>
      <CardBody className="sw-stack">
        {header}
        {notices}
        <ListState {...list} />
      </CardBody>
      {dialogs}
    </Card>
  );
}

export interface RowActionsProps {
  /** The record's name, read out on the buttons ('Edit Cut', 'Delete Cut'). */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}

/** A row's edit and delete icon buttons. */
export function RowActions({ label, onEdit, onDelete, className }: RowActionsProps) {
  return (
    <div className={className}>
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${label}`}>
        <PencilIcon />
      </Button>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${label}`}>
        <TrashIcon />
      </Button>
    </div>
  );
}
