import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { LIMITS } from '../../../shared/constants';
import { TOASTS } from '../../../shared/messages';
import { reviewFormSchema, type ReviewForm } from '../../../shared/schemas/reviews';
import { TextAreaField } from '../../components/form-field';
import { StarRatingInput } from '../../components/star-rating-input';
import { useSession } from '../../lib/session-query';
import { notify } from '../../lib/toast';
import { useAddReview } from './api/add-review';

const emptyReview: ReviewForm = { rating: LIMITS.ratingDefault, reviewText: '' };

export default function AddReviewPage() {
  const { data: session } = useSession();
  const addReview = useAddReview();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ReviewForm>({ resolver: zodResolver(reviewFormSchema), defaultValues: emptyReview });
  const length = useWatch({ control, name: 'reviewText' })?.length ?? 0;

  const onSubmit = handleSubmit(async (review) => {
    try {
      await addReview.mutateAsync({ ...reviewFormSchema.parse(review), userName: session?.user.name ?? '' });
      notify.success(TOASTS.reviewAdded);
      reset(emptyReview);
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <section aria-labelledby="review-title" className="max-w-2xl">
      <h2 id="review-title" className="text-3xl font-bold">Add Review</h2>
      <p className="mt-2 text-base-content/80">Reviews come from our buyers: tell others how the tools you bought from us work for you.</p>
      <form onSubmit={onSubmit} noValidate className="card mt-6 space-y-4 bg-base-100 p-6 shadow-sm ring-1 ring-base-300" aria-label="Review form">
        <Controller control={control} name="rating" render={({ field }) => <StarRatingInput name="rating" value={field.value} onChange={field.onChange} />} />
        <TextAreaField label="Your review" rows={5} registration={register('reviewText')} error={errors.reviewText} />
        <p className={`text-right text-sm ${length > LIMITS.reviewTextMax ? 'text-error' : 'text-base-content/80'}`}>
          {length}/{LIMITS.reviewTextMax}
        </p>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Add Review
        </button>
      </form>
    </section>
  );
}
