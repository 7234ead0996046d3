import { Link, useParams } from 'react-router';
import type { ManageEventResponse } from '@pledgeway/domain/schemas/event-update';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { EndCampaignActions } from '../components/edit/end-campaign-actions';
import { BasicsSection, DocumentsSection, PeopleSection, WhenWhereSection } from '../components/edit/edit-event-sections';
import { ManagedEventLoader } from '../components/managed-event-loader';
import { useEditEventForm } from '../hooks/use-edit-event-form';

function EditForm({ event }: { event: ManageEventResponse }) {
  const { form, submit, banner, setBanner, documents, setDocuments, people, setPeople, saved, setSaved } = useEditEventForm(event);

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid grid-cols-1 gap-8">
      {saved && (
        <Alert tone="success" autoDismissMs={5000} onDismiss={() => setSaved(false)}>
          Successfully Updated
        </Alert>
      )}
      <BasicsSection event={event} form={form} banner={banner} onBannerChange={setBanner} />
      <WhenWhereSection form={form} />
      <PeopleSection event={event} form={form} people={people} onPeopleChange={setPeople} />
      <DocumentsSection event={event} documents={documents} onDocumentsChange={setDocuments} />
      <div className="flex flex-wrap justify-end gap-3">
        <Link to={paths.user.eventSummary(event._id)} className={buttonClasses({ variant: 'outline' })}>
          Cancel
        </Link>
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving...">
          SAVE CHANGES
        </Button>
      </div>
    </form>
  );
}

/** Why the form is gone; a creator who has just closed the campaign learns what happens to the money. */
function endedNotice(status: ManageEventResponse['status']): string {
  if (status === 'close') {
    return 'This campaign is closed and can no longer be edited. Your own pledge is refunded to your payment method less the card fee, the refund fee and 5%; supporters’ pledges are released uncharged.';
  }
  if (status === 'completed') {
    return 'This campaign is marked complete and can no longer be edited. An admin now charges its pledges, or releases them all when an All or Nothing target was missed.';
  }
  return 'This campaign has ended and can no longer be edited.';
}

/** /user/event/edit/{id}: every field of the edit form (docs/product.md#edit-event), owner or admin only. */
export default function EditEventPage() {
  const { eventId = '' } = useParams();
  return (
    <ManagedEventLoader eventId={eventId} failure={(error) => error.message || 'Failed to load event details'}>
      {(event) => (
        <div className="container-page max-w-4xl py-8 md:py-12">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Edit campaign</p>
          <h1 className="mt-1 mb-8 text-3xl font-bold">{event.name}</h1>
          {event.editable ? (
            <div className="grid grid-cols-1 gap-8">
              <EditForm key={event._id} event={event} />
              <EndCampaignActions event={event} />
            </div>
          ) : (
            <Alert tone="info">{endedNotice(event.status)}</Alert>
          )}
        </div>
      )}
    </ManagedEventLoader>
  );
}
