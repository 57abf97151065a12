import { useEffect, type FormEvent } from 'react';
import { Button, Card, Container, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { DataList, Field } from '../../components/chakra-with-recipes';
import { useSelector } from '@xstate/react';
import { appActors } from '../../app/app-actors';
import { profileActor } from '../../app/profile-actors';
import { AccountNav } from '../../components/account-nav';
import { ErrorView } from '../../components/status-views';
import { getCustomerId } from '../../lib/session';

function formatMobile(mobile: string): string {
  return /^\d{10}$/.test(mobile) ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

function ProfileForm() {
  const profile = profileActor();
  const draft = useSelector(profile, (s) => s.context.draft);
  const error = useSelector(profile, (s) => s.context.error);
  const saving = useSelector(profile, (s) => s.matches('saving'));
  const canCancel = useSelector(profile, (s) => Boolean(s.context.profile?.Name));
  const nameError = error && /name/i.test(error) ? error : null;
  const otherError = error && !nameError ? error : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    profile.send({ type: 'profile.save' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        {!canCancel && <Text>Tell us your name so the shop knows who the order is for.</Text>}
        <Field.Root invalid={Boolean(nameError)} required>
          <Field.Label>Name</Field.Label>
          <Input
            name="name"
            autoComplete="name"
            value={draft.name}
            maxLength={60}
            onChange={(e) => profile.send({ type: 'profile.changeName', value: e.target.value })}
          />
          {nameError && <Field.ErrorText role="alert">{nameError}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(otherError)}>
          <Field.Label>Email (optional)</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={draft.email}
            maxLength={120}
            onChange={(e) => profile.send({ type: 'profile.changeEmail', value: e.target.value })}
          />
          {otherError && <Field.ErrorText role="alert">{otherError}</Field.ErrorText>}
        </Field.Root>
        <HStack justify="flex-end">
          {canCancel && (
            <Button variant="outline" disabled={saving} onClick={() => profile.send({ type: 'profile.cancel' })}>
              Cancel
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={saving} loadingText="Saving">
            Save
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function ProfileDetails() {
  const profile = profileActor();
  const name = useSelector(profile, (s) => s.context.profile?.Name ?? '');
  const email = useSelector(profile, (s) => s.context.profile?.Email ?? '');
  return (
    <Stack gap="4">
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Name</DataList.ItemLabel>
          <DataList.ItemValue data-testid="profile-name">{name}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Email</DataList.ItemLabel>
          <DataList.ItemValue>{email || 'Not given'}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <HStack justify="flex-end">
        <Button variant="outline" onClick={() => profile.send({ type: 'profile.edit' })}>
          Edit profile
        </Button>
      </HStack>
    </Stack>
  );
}

/** /user_account/user_profile/: name and email (editable), mobile, and log out. */
export function ProfilePage() {
  const { auth } = appActors();
  const profile = profileActor();
  useEffect(() => {
    const customerId = getCustomerId();
    if (customerId) profile.send({ type: 'profile.load', customerId });
  }, [profile]);
  const loading = useSelector(profile, (s) => s.matches('loading') || s.matches('idle'));
  const loadError = useSelector(profile, (s) => (s.matches('loadFailed') ? s.context.error : null));
  const editing = useSelector(profile, (s) => s.matches('editing') || s.matches('saving'));
  const mobile = useSelector(profile, (s) => s.context.profile?.MobileNo ?? '');
  const signingOut = useSelector(auth, (s) => s.matches('signingOut'));
  return (
    <Container maxW="xl" py="6">
      <AccountNav />
      <Heading as="h1" size="xl" mb="4">
        My profile
      </Heading>
      <Card.Root variant="outline" aria-busy={loading}>
        <Card.Body>
          {loading ? (
            <Text color="fg.muted">Loading your profile…</Text>
          ) : loadError ? (
            <ErrorView title="We could not load your profile" message={loadError} onRetry={() => profile.send({ type: 'profile.retry' })} />
          ) : (
            <Stack gap="5">
              <DataList.Root orientation="horizontal">
                <DataList.Item>
                  <DataList.ItemLabel>Mobile</DataList.ItemLabel>
                  <DataList.ItemValue data-testid="profile-mobile">{formatMobile(mobile)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
              {editing ? <ProfileForm /> : <ProfileDetails />}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
      <HStack justify="center" mt="6">
        <Button variant="ghost" colorPalette="red" loading={signingOut} loadingText="Logging out" onClick={() => auth.send({ type: 'auth.logout' })}>
          Log out
        </Button>
      </HStack>
    </Container>
  );
}
