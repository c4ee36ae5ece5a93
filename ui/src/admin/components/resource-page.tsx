import { useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCatalog } from '../lib/catalog-context';
import type { ResourceSpec } from '../lib/resource';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { Card, FormMessage } from './fields';
import { ResourceForm } from './resource-form';
import { ResourceList } from './resource-list';

/** A screen with a create/edit form above the searchable list of the same resource. */
export function ResourcePage<R extends { id: number; version?: string }>({
  spec,
  idPrefix,
  newTitle,
  editTitle,
  listTitle,
  createForm,
  preview,
}: {
  spec: ResourceSpec<R>;
  idPrefix: string;
  newTitle: string;
  editTitle: string;
  listTitle: string;
  /** Replaces the spec-driven create form, e.g. for an upload; editing still uses the spec. */
  createForm?: ReactNode;
  /** Shown above the edit form, e.g. the picture being edited. */
  preview?: (record: R) => ReactNode;
}) {
  const { t } = useAdminTranslation();
  const [editing, setEditing] = useState<R | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const formRef = useRef<HTMLDivElement>(null);
  const [params] = useSearchParams();
  const { catalog } = useCatalog();
  const linkedId = Number(params.get('id'));
  const [openedLink, setOpenedLink] = useState<number | null>(null);

  const edit = (record: R) => {
    setNotice(undefined);
    setEditing(record);
    // Let the form re-render with the record, then bring it into view.
    setTimeout(() => {
      formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
    }, 0);
  };

  // A link such as /admin/toppings?id=12 (the dashboard's checklist) opens that record
  // for editing, once, as soon as the catalog is there.
  if (linkedId && openedLink !== linkedId && catalog !== null) {
    const record = (catalog[spec.collection] as unknown as R[]).find((candidate) => candidate.id === linkedId);
    setOpenedLink(linkedId);
    if (record) setEditing(record);
  }

  return (
    <>
      <div ref={formRef}>
        <Card title={editing ? t(editTitle) : t(newTitle)}>
          <FormMessage success={notice} />
          {editing && preview?.(editing)}
          {editing === null && createForm !== undefined ? (
            createForm
          ) : (
            <ResourceForm
              key={editing?.id ?? 'new'}
              spec={spec}
              record={editing}
              idPrefix={idPrefix}
              onSaved={(_record, created) => {
                if (created) return;
                setNotice(t('form.saved'));
                setEditing(null);
              }}
              onCancel={editing ? () => setEditing(null) : undefined}
            />
          )}
        </Card>
      </div>
      <Card title={t(listTitle)}>
        <ResourceList
          spec={spec}
          idPrefix={`${idPrefix}-list`}
          onEdit={edit}
          onDeleted={(id) => {
            if (editing?.id === id) setEditing(null);
          }}
        />
      </Card>
    </>
  );
}
