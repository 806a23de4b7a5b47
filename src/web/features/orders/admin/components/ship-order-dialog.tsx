import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { shipmentSchema, type Shipment, type ShipmentInput } from '../../../../../shared/schemas/orders';
import { TextField } from '../../../../components/form-field';
import { useModalDialog } from '../../../../components/use-modal-dialog';
import { SubmitButton } from '../../../../components/submit-button';

interface ShipOrderDialogProps {
  /** The order's number, to name it in the question ('Ship order TH-100042?'); null: closed. */
  orderNumber: string | null;
  busy: boolean;
  onShip: (shipment: Shipment) => void;
  onCancel: () => void;
}

/**
 * "Mark as shipped" asks first, and takes the optional carrier, tracking number and tracking link
 * (https) that go into the buyer's mail. A native modal <dialog>: focus moves in, Escape cancels.
 */
export function ShipOrderDialog({ orderNumber, busy, onShip, onCancel }: ShipOrderDialogProps) {
  const open = orderNumber !== null;
  const dialog = useModalDialog(open);
  const titleId = useId();
  const form = useForm<ShipmentInput, unknown, Shipment>({
    resolver: zodResolver(shipmentSchema),
    defaultValues: { carrier: '', trackingNumber: '', trackingUrl: '' },
  });
  const { errors } = form.formState;
  const cancel = () => {
    form.reset();
    onCancel();
  };

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={cancel} onClose={() => open && cancel()}>
      <form
        className="modal-box max-h-[90dvh] space-y-4 overflow-y-auto"
        noValidate
        onSubmit={form.handleSubmit((shipment) => {
          onShip(shipment);
          form.reset();
        })}
      >
        <h2 id={titleId} className="text-lg font-bold">{`Mark order ${orderNumber ?? ''} as shipped?`}</h2>
        <p className="text-sm text-base-content/80">The buyer is mailed that it is on its way, with the tracking you give here (all optional).</p>
        <TextField label="Carrier" placeholder="UPS, FedEx, DHL…" registration={form.register('carrier')} error={errors.carrier} />
        <TextField label="Tracking number" registration={form.register('trackingNumber')} error={errors.trackingNumber} />
        <TextField label="Tracking link" type="url" inputMode="url" placeholder="https://" registration={form.register('trackingUrl')} error={errors.trackingUrl} />
        <div className="modal-action">
          <button type="button" className="btn" onClick={cancel} autoFocus>
            Cancel
          </button>
          <SubmitButton busy={busy} width="auto">
            Mark as shipped
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}
