import { useEffect, useState } from 'react';
import { Box, Button, Heading, HStack, Image, Input, Text } from '@chakra-ui/react';
import { Field, NativeSelect, Textarea } from '../../components/chakra-with-recipes';
import { useSelector } from '@xstate/react';
import { RETURN_REMARK_LIMITS, REVIEW_MAX_LENGTH } from '../../../machines/order-detail.rules';
import type { OrderDetailActor } from './order-detail-page';
import { formatDateTime } from './order-display';
import { FormCard } from '../../components/form-card';

const ACCEPTED_PHOTOS = 'image/jpeg,image/png,image/webp';

function ReturnForm({ actor }: { actor: OrderDetailActor }) {
  const reasons = useSelector(actor, (s) => s.context.reasons);
  const error = useSelector(actor, (s) => s.context.returnError);
  const sending = useSelector(actor, (s) => s.matches({ ready: { action: 'returning' } }));
  const windowEnd = useSelector(actor, (s) => s.context.order?.ReturnWindowEndsAt ?? null);
  const [reasonId, setReasonId] = useState('');
  const [remark, setRemark] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const form = (change: { reasonId?: string; remark?: string; photo?: File | null }) => {
    const next = { reasonId, remark, photo, ...change };
    return { reasonId: next.reasonId ? Number(next.reasonId) : null, remark: next.remark, photo: next.photo };
  };
  const edit = (change: { reasonId?: string; remark?: string; photo?: File | null }) => {
    if (change.reasonId !== undefined) setReasonId(change.reasonId);
    if (change.remark !== undefined) setRemark(change.remark);
    if (change.photo !== undefined) setPhoto(change.photo);
    actor.send({ type: 'order.returnEdit', form: form(change) });
  };
  return (
    <FormCard headingId="return-heading" heading="Return this order" onSubmit={() => actor.send({ type: 'order.returnSubmit', form: form({}) })}>
      {windowEnd && (
        <Text fontSize="sm" color="fg.muted">
          Returns are open until {formatDateTime(windowEnd)}.
        </Text>
      )}
      {reasons.length > 0 && (
        <Field.Root required>
          <Field.Label>Reason</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="reason" value={reasonId} onChange={(e) => edit({ reasonId: e.target.value })}>
              <option value="">Choose a reason</option>
              {reasons.map((r) => (
                <option key={r.ReasonId} value={r.ReasonId}>
                  {r.Reason}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Field.Root required>
        <Field.Label>What went wrong?</Field.Label>
        <Textarea name="remark" value={remark} maxLength={RETURN_REMARK_LIMITS.max} onChange={(e) => edit({ remark: e.target.value })} />
        <Field.HelperText>
          {remark.trim().length}/{RETURN_REMARK_LIMITS.max} characters (at least {RETURN_REMARK_LIMITS.min})
        </Field.HelperText>
      </Field.Root>
      <Field.Root required>
        <Field.Label>Photo of the problem</Field.Label>
        <Input type="file" name="photo" accept={ACCEPTED_PHOTOS} p="1" onChange={(e) => edit({ photo: e.target.files?.[0] ?? null })} />
        <Field.HelperText>JPEG, PNG or WebP, up to 2 MB.</Field.HelperText>
      </Field.Root>
      {preview && <Image src={preview} alt="Photo preview" maxH="40" objectFit="contain" alignSelf="start" rounded="md" />}
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      <Button type="submit" colorPalette="brand" alignSelf="start" loading={sending} loadingText="Sending">
        Request return
      </Button>
    </FormCard>
  );
}

export function ReturnSection({ actor }: { actor: OrderDetailActor }) {
  const canReturn = useSelector(actor, (s) => s.context.order?.CanReturn === true);
  const request = useSelector(actor, (s) => s.context.order?.Return ?? null);
  if (request) {
    return (
      <Box as="section" aria-labelledby="return-done-heading" data-testid="return-request">
        <Heading as="h2" size="md" id="return-done-heading" mb="2">
          Return request
        </Heading>
        {request.Reason && <Text fontWeight="medium">{request.Reason}</Text>}
        <Text>{request.Remark}</Text>
        {request.Image && <Image src={request.Image} alt="Photo sent with the return" maxH="40" mt="2" rounded="md" />}
      </Box>
    );
  }
  return canReturn ? <ReturnForm actor={actor} /> : null;
}

/** Five stars as a native radio group: arrow keys move, the screen reader says "4 stars". */
function StarRating({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  return (
    <Box as="fieldset" border="0" p="0" m="0">
      <Box as="legend" fontWeight="medium" mb="1">
        Rating
      </Box>
      <HStack role="radiogroup" aria-label="Rating" gap="1">
        {[1, 2, 3, 4, 5].map((star) => (
          <Box
            as="label"
            key={star}
            cursor="pointer"
            fontSize="2xl"
            lineHeight="1"
            color={star <= value ? 'orange.400' : 'gray.300'}
            _focusWithin={{ outline: '2px solid', outlineColor: 'brand.solid' }}
          >
            <input
              type="radio"
              name="rating"
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              aria-label={`${star} star${star > 1 ? 's' : ''}`}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            />
            <span aria-hidden="true">★</span>
          </Box>
        ))}
      </HStack>
    </Box>
  );
}

export function ReviewSection({ actor }: { actor: OrderDetailActor }) {
  const canReview = useSelector(actor, (s) => s.context.order?.CanReview === true);
  const review = useSelector(actor, (s) => s.context.order?.Review ?? null);
  const error = useSelector(actor, (s) => s.context.reviewError);
  const saving = useSelector(actor, (s) => s.matches({ ready: { action: 'savingReview' } }));
  const deleting = useSelector(actor, (s) => s.matches({ ready: { action: 'deletingReview' } }));
  const [rating, setRating] = useState(review?.Rating ?? 0);
  const [text, setText] = useState(review?.Review ?? '');
  useEffect(() => {
    setRating(review?.Rating ?? 0);
    setText(review?.Review ?? '');
  }, [review]);
  if (!canReview) return null;
  return (
    <FormCard
      headingId="review-heading"
      heading={review ? 'Your review' : 'Review this order'}
      onSubmit={() => actor.send({ type: 'order.reviewSubmit', rating, review: text })}
    >
      {review && (
        <Text data-testid="saved-review" fontSize="sm" color="fg.muted">
          {review.Rating} of 5 stars{review.Review ? ` · “${review.Review}”` : ''}
        </Text>
      )}
      <StarRating value={rating} onChange={setRating} />
      <Field.Root>
        <Field.Label>Review</Field.Label>
        <Textarea name="review" value={text} maxLength={REVIEW_MAX_LENGTH} onChange={(e) => setText(e.target.value)} />
        <Field.HelperText>
          {text.length}/{REVIEW_MAX_LENGTH}
        </Field.HelperText>
      </Field.Root>
      {error && (
        <Text role="alert" color="fg.error">
          {error}
        </Text>
      )}
      <HStack>
        <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving">
          {review ? 'Update review' : 'Submit review'}
        </Button>
        {review && (
          <Button variant="outline" colorPalette="red" loading={deleting} loadingText="Deleting" onClick={() => actor.send({ type: 'order.reviewDelete' })}>
            Delete review
          </Button>
        )}
      </HStack>
    </FormCard>
  );
}
