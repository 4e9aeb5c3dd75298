import { type Service, formatPrice } from '@slotwise/contracts';
import {
  Button,
  Card,
  CardBody,
  ConfirmDialog,
  EmptyState,
  ListCard,
  PlusIcon,
  RowActions,
  SkeletonList,
  cx,
} from '@slotwise/ui';
import { type RecordTexts, SectionHead, useRecordEditor } from '../../owner';
import { useOwnerServices, useServiceMutation } from '../api';
import { type ServiceFormValues, ServiceDialog } from './ServiceDialog';

const TEXTS: RecordTexts = {
  added: { title: 'Service Added', description: 'The new service has been added successfully.' },
  updated: { title: 'Service Updated', description: 'The service has been updated successfully.' },
  deleted: { title: 'Service Deleted', description: 'The service has been deleted successfully.' },
  addFailed: 'Failed to add service. Please try again.',
  updateFailed: 'Failed to update service. Please try again.',
  deleteFailed: 'Failed to delete service. Please try again.',
};

/** '10 min before, 15 min after' (the buffers that are set), or null without any. */
export function bufferText(service: Pick<Service, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>) {
  const parts = [
    service.bufferBeforeMinutes > 0 && `${service.bufferBeforeMinutes} min before`,
    service.bufferAfterMinutes > 0 && `${service.bufferAfterMinutes} min after`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function ServiceCard({
  service,
  onEdit,
  onDelete,
}: {
  service: Service;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const buffers = bufferText(service);
  return (
    <Card
      as="article"
      className={cx('dash-service', !service.isActive && 'dash-service--inactive')}
      data-service={service.name}
    >
      <CardBody className="dash-service__body">
        <div className="dash-service__top">
          <h3 className="dash-service__name">{service.name}</h3>
          <RowActions
            className="dash-service__actions"
            label={service.name}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
        <p className="dash-service__meta">
          <span>{service.duration} min</span>
          <span className="dash-service__price">{formatPrice(service.price)}</span>
        </p>
        {buffers && <p className="dash-service__buffers">Buffer: {buffers}</p>}
        <p className={cx('dash-service__description', !service.description && 'dash-muted')}>
          {service.description || 'No description provided.'}
        </p>
        <p className="dash-status">
          <span
            className={cx('dash-status__dot', service.isActive && 'dash-status__dot--on')}
            aria-hidden="true"
          />
          {service.isActive ? 'Active' : 'Inactive'}
        </p>
      </CardBody>
    </Card>
  );
}

/** Settings → Services: the grid of the business's services, with add, edit and delete. */
export function ServicesTab({ businessId }: { businessId: number }) {
  const services = useOwnerServices(businessId);
  const editor = useRecordEditor<Service, ServiceFormValues>(
    useServiceMutation(businessId),
    businessId,
    TEXTS,
  );
  const { editing, deleting } = editor;

  return (
    <ListCard
      header={
        <SectionHead title="Services" description="The services customers can book with you.">
          <Button onClick={() => editor.edit('new')}>
            <PlusIcon />
            Add Service
          </Button>
        </SectionHead>
      }
      query={services}
      loading={<SkeletonList count={2} height={170} radius={14} className="dash-grid" />}
      errorTitle="Could not load your services"
      empty={
        <EmptyState
          className="dash-empty"
          description='No services added yet. Click "Add Service" to create your first service.'
        />
      }
      dialogs={
        <>
          <ServiceDialog
            key={editor.dialogKey}
            {...editor.dialog}
            service={editing === 'new' ? null : editing}
          />
          <ConfirmDialog
            {...editor.confirm}
            title="Confirm Deletion"
            message={`Are you sure you want to delete the service "${deleting?.name ?? ''}"? This action cannot be undone.`}
          />
        </>
      }
    >
      {(list) => (
        <div className="dash-grid">
          {list.map((service) => (
            <ServiceCard
              key={service.id}
              service={service}
              onEdit={() => editor.edit(service)}
              onDelete={() => editor.askDelete(service)}
            />
          ))}
        </div>
      )}
    </ListCard>
  );
}
