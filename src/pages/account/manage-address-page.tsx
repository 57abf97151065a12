import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Card, Container, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Checkbox, Field, NativeSelect } from '../../components/chakra-with-recipes';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useSearchParams } from 'react-router';
import { addressBookLogic } from '../../app/account-actors';
import type { Address } from '../../../contract/address.schemas';
import { AccountNav } from '../../components/account-nav';
import { EmptyView, ErrorView } from '../../components/status-views';
import { INDIAN_STATES, type AddressField } from '../../../contract/address.rules';
import { actorOptions } from '../../app/actor-options';
import { FormCard } from '../../components/form-card';

type AddressBookActor = ActorRefFrom<typeof addressBookLogic>;

const TEXT_FIELDS: { field: AddressField; label: string; autoComplete: string; inputMode?: 'numeric' | 'tel'; optional?: boolean }[] = [
  { field: 'Name', label: 'Full name', autoComplete: 'name' },
  { field: 'Phone', label: 'Mobile number', autoComplete: 'tel', inputMode: 'tel' },
  { field: 'House', label: 'House / flat / building', autoComplete: 'address-line1' },
  { field: 'Street', label: 'Street / area', autoComplete: 'address-line2' },
  { field: 'Landmark', label: 'Landmark (optional)', autoComplete: 'off', optional: true },
  { field: 'City', label: 'City / town', autoComplete: 'address-level2' },
];

function LocationSearch({ actor }: { actor: AddressBookActor }) {
  const [query, setQuery] = useState('');
  const searching = useSelector(actor, (s) => s.hasTag('searching'));
  const places = useSelector(actor, (s) => s.context.places);
  const message = useSelector(actor, (s) => s.context.searchMessage);
  return (
    <Stack gap="2" p="3" bg="bg.muted" rounded="md">
      <Field.Root>
        <Field.Label>Search location</Field.Label>
        <HStack w="full">
          <Input
            name="locationSearch"
            placeholder="Area, street or landmark"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                actor.send({ type: 'address.locate', query });
              }
            }}
          />
          <Button variant="outline" loading={searching} onClick={() => actor.send({ type: 'address.locate', query })}>
            Find places
          </Button>
        </HStack>
      </Field.Root>
      {message && (
        <Text role="status" fontSize="sm">
          {message}
        </Text>
      )}
      {places.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="1" aria-label="Places found">
          {places.map((place, index) => (
            <li key={`${place.Latitude},${place.Longitude},${index}`}>
              <Button
                variant="ghost"
                size="sm"
                h="auto"
                py="1"
                whiteSpace="normal"
                textAlign="start"
                onClick={() => actor.send({ type: 'address.pickPlace', index })}
              >
                {place.DisplayName}
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function AddressForm({ actor }: { actor: AddressBookActor }) {
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const editing = useSelector(actor, (s) => s.context.editingId !== null);
  const saving = useSelector(actor, (s) => s.matches({ form: { edit: 'saving' } }));
  const change = (field: AddressField | 'IsDefault', value: string | boolean) => actor.send({ type: 'address.change', field, value });
  return (
    <FormCard headingId="address-form-heading" heading={editing ? 'Edit address' : 'Add address'} onSubmit={() => actor.send({ type: 'address.save' })}>
      <LocationSearch actor={actor} />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {TEXT_FIELDS.map(({ field, label, autoComplete, inputMode, optional }) => (
          <Field.Root key={field} invalid={Boolean(errors[field])} required={!optional}>
            <Field.Label>{label}</Field.Label>
            <Input name={field} autoComplete={autoComplete} inputMode={inputMode} value={draft[field] ?? ''} onChange={(e) => change(field, e.target.value)} />
            {errors[field] && <Field.ErrorText>{errors[field]}</Field.ErrorText>}
          </Field.Root>
        ))}
        <Field.Root invalid={Boolean(errors.State)} required>
          <Field.Label>State</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="State" value={draft.State} onChange={(e) => change('State', e.target.value)}>
              <option value="">Choose a state</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.State && <Field.ErrorText>{errors.State}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.Pincode)} required>
          <Field.Label>PIN code</Field.Label>
          <Input
            name="Pincode"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            value={draft.Pincode}
            onChange={(e) => change('Pincode', e.target.value)}
          />
          {errors.Pincode && <Field.ErrorText>{errors.Pincode}</Field.ErrorText>}
        </Field.Root>
      </SimpleGrid>
      <Checkbox.Root checked={draft.IsDefault === true} onCheckedChange={(e) => change('IsDefault', e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Use as my default address</Checkbox.Label>
      </Checkbox.Root>
      {formError && (
        <Text role="alert" color="fg.error">
          {formError}
        </Text>
      )}
      <HStack justify="flex-end">
        <Button variant="outline" disabled={saving} onClick={() => actor.send({ type: 'address.cancel' })}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving">
          Save address
        </Button>
      </HStack>
    </FormCard>
  );
}

function AddressCard({ actor, address }: { actor: AddressBookActor; address: Address }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') && s.context.busyId === address.AddressId);
  return (
    <Card.Root
      variant="outline"
      size="sm"
      as="article"
      aria-label={`Address of ${address.Name}`}
      data-testid="address-card"
      data-address-id={address.AddressId}
      tabIndex={-1}
      scrollMarginTop="28"
      focusRing="outside"
    >
      <Card.Body gap="1">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{address.Name}</Text>
          {address.IsDefault && <Badge colorPalette="green">Default</Badge>}
        </HStack>
        <Text fontSize="sm">{[address.House, address.Street, address.Landmark].filter(Boolean).join(', ')}</Text>
        <Text fontSize="sm">
          {address.City}, {address.State} {address.Pincode}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {address.Phone}
        </Text>
        {confirming ? (
          <HStack role="alertdialog" aria-label="Delete this address?" mt="2" wrap="wrap">
            <Text fontSize="sm">Delete this address?</Text>
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'address.deleteDismiss' })}>
              Keep
            </Button>
            <Button size="sm" colorPalette="red" onClick={() => actor.send({ type: 'address.deleteConfirm' })}>
              Yes, delete
            </Button>
          </HStack>
        ) : (
          <HStack mt="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'address.edit', id: address.AddressId })}>
              Edit
            </Button>
            {!address.IsDefault && (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => actor.send({ type: 'address.makeDefault', id: address.AddressId })}>
                Make default
              </Button>
            )}
            <Button size="sm" variant="ghost" colorPalette="red" disabled={busy} onClick={() => actor.send({ type: 'address.delete', id: address.AddressId })}>
              Delete
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function AddressBook({ actor }: { actor: AddressBookActor }) {
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.addresses.length === 0);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const error = useSelector(actor, (s) => s.context.error);
  const inForm = useSelector(actor, (s) => s.matches('form'));
  const savedId = useSelector(actor, (s) => (s.matches('list') ? s.context.savedId : null));
  const list = useRef<HTMLDivElement>(null);
  // The form that was saved is gone and the page is as long as the list again: without this the
  // customer is left looking at the footer. Focus tells a screen reader where they are.
  useEffect(() => {
    if (savedId === null || !list.current) return;
    const card = list.current.querySelector<HTMLElement>(`[data-address-id="${savedId}"]`) ?? list.current;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    card.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    card.focus({ preventScroll: true });
  }, [savedId]);
  if (failed) return <ErrorView title="We could not load your addresses" message={error} onRetry={() => actor.send({ type: 'address.retry' })} />;
  if (loading) {
    return (
      <Text role="status" color="fg.muted">
        Loading your addresses…
      </Text>
    );
  }
  if (inForm) return <AddressForm actor={actor} />;
  return (
    <Stack gap="3" ref={list} tabIndex={-1} scrollMarginTop="28" outline="none">
      <Button colorPalette="brand" alignSelf="start" onClick={() => actor.send({ type: 'address.add' })}>
        Add address
      </Button>
      {addresses.length === 0 ? (
        <EmptyView title="No saved addresses" description="Add an address to choose it quickly at checkout." />
      ) : (
        addresses.map((address) => <AddressCard key={address.AddressId} actor={actor} address={address} />)
      )}
    </Stack>
  );
}

/** /user_account/manage_address/: saved addresses; ?address opens the add form straight away. */
export function ManageAddressPage() {
  const [params] = useSearchParams();
  const actor = useActorRef(addressBookLogic, actorOptions({ input: { startAdding: params.has('address') } }));
  return (
    <Container maxW="3xl" py="6">
      <AccountNav />
      <Heading as="h1" size="xl" mb="4">
        My addresses
      </Heading>
      <Box>
        <AddressBook actor={actor} />
      </Box>
    </Container>
  );
}
