import { useState } from 'react';
import { type Service, formatPrice } from '@slotwise/contracts';
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  ConfirmDialog,
  cx,
  EmptyState,
  isApiError,
  PencilIcon,
  PlusIcon,
  Skeleton,
  toast,
  TrashIcon,
} from '@slotwise/ui';
import { useOwnerServices, useServiceMutation } from '../api';
import { type ServiceFormValues, ServiceDialog } from './ServiceDialog';

function failure(title: string, fallback: string, error: unknown) {
  toast({
    title,
    description: (isApiError(error) ? error.serverMessage : null) ?? fallback,
    variant: 'destructive',
  });
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
  return (
    <Card
      as="article"
      className={cx('dash-service', !service.isActive && 'dash-service--inactive')}
      data-service={service.name}
    >
      <CardBody className="dash-service__body">
        <div className="dash-service__top">
          <h3 className="dash-service__name">{service.name}</h3>
          <div className="dash-service__actions">
            <Button
              variant="ghost"
              size="icon"
              onClick={onEdit}
              aria-label={`Edit ${service.name}`}
            >
              <PencilIcon />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              onClick={onDelete}
              aria-label={`Delete ${service.name}`}
            >
              <TrashIcon />
            </Button>
          </div>
        </div>
        <p className="dash-service__meta">
          <span>{service.duration} min</span>
          <span className="dash-service__price">{formatPrice(service.price)}</span>
        </p>
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

/** Settings → Services (spec section 2, Services Management). */
export function ServicesTab({ businessId }: { businessId: number }) {
  const services = useOwnerServices(businessId);
  const change = useServiceMutation(businessId);
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Service | null>(null);
  // A fresh form every time the dialog opens.
  const [dialogKey, setDialogKey] = useState(0);

  const openDialog = (target: Service | 'new') => {
    setDialogKey((k) => k + 1);
    setEditing(target);
  };

  const onSave = (values: ServiceFormValues) => {
    if (editing === 'new') {
      change.mutate(
        { kind: 'create', body: { ...values, businessId } },
        {
          onSuccess: () => {
            toast({
              title: 'Service Added',
              description: 'The new service has been added successfully.',
              variant: 'success',
            });
            setEditing(null);
          },
          onError: (e) => failure('Error', 'Failed to add service. Please try again.', e),
        },
      );
    } else if (editing) {
      change.mutate(
        { kind: 'update', id: editing.id, body: values },
        {
          onSuccess: () => {
            toast({
              title: 'Service Updated',
              description: 'The service has been updated successfully.',
              variant: 'success',
            });
            setEditing(null);
          },
          onError: (e) => failure('Error', 'Failed to update service. Please try again.', e),
        },
      );
    }
  };

  const onConfirmDelete = () => {
    if (!deleting) return;
    change.mutate(
      { kind: 'delete', id: deleting.id },
      {
        onSuccess: () => {
          toast({
            title: 'Service Deleted',
            description: 'The service has been deleted successfully.',
            variant: 'success',
          });
          setDeleting(null);
        },
        onError: (e) => failure('Error', 'Failed to delete service. Please try again.', e),
      },
    );
  };

  return (
    <Card as="section">
      <CardBody className="sw-stack">
        <div className="dash-section-head">
          <CardHeader title="Services" description="The services customers can book with you." />
          <Button onClick={() => openDialog('new')}>
            <PlusIcon />
            Add Service
          </Button>
        </div>
        {services.isPending ? (
          <div className="dash-grid" aria-busy="true">
            <Skeleton height={170} radius={14} />
            <Skeleton height={170} radius={14} />
          </div>
        ) : services.isError ? (
          <Alert variant="danger" title="Could not load your services">
            {services.error.message}
          </Alert>
        ) : services.data.length === 0 ? (
          <EmptyState
            className="dash-empty"
            description='No services added yet. Click "Add Service" to create your first service.'
          />
        ) : (
          <div className="dash-grid">
            {services.data.map((service) => (
              <ServiceCard
                key={service.id}
                service={service}
                onEdit={() => openDialog(service)}
                onDelete={() => setDeleting(service)}
              />
            ))}
          </div>
        )}
      </CardBody>
      <ServiceDialog
        key={dialogKey}
        open={editing !== null}
        onOpenChange={(open) => !open && !change.isPending && setEditing(null)}
        service={editing === 'new' ? null : editing}
        saving={change.isPending}
        onSave={onSave}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Confirm Deletion"
        message={`Are you sure you want to delete the service "${deleting?.name ?? ''}"? This action cannot be undone.`}
        onConfirm={onConfirmDelete}
        busy={change.isPending}
      />
    </Card>
  );
}
