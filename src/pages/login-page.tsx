import { useEffect, type FormEvent } from 'react';
import { Box, Button, Container, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { Alert, Field } from '../components/chakra-with-recipes';
import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { AUTH_MESSAGES, CART_RETURN, safeReturnPath } from '../../machines/auth.rules';
import { appActors } from '../app/app-actors';
import { CART_LOGIN_MARKER } from '../app/guards';
import { currentShop } from '../app/shop-context';

function formatMobile(mobile: string): string {
  return /^\d{10}$/.test(mobile) ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

function NumberStep() {
  const auth = appActors().auth;
  const mobile = useSelector(auth, (s) => s.context.mobile);
  const error = useSelector(auth, (s) => s.context.error);
  const busy = useSelector(auth, (s) => s.hasTag('busy'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    auth.send({ type: 'auth.requestCode' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Mobile number</Field.Label>
          <InputGroup startElement="+91">
            <Input
              name="mobile"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              placeholder="98470 12345"
              value={mobile}
              maxLength={16}
              onChange={(e) => auth.send({ type: 'auth.changeMobile', value: e.target.value })}
            />
          </InputGroup>
          {error ? <Field.ErrorText role="alert">{error}</Field.ErrorText> : <Field.HelperText>We will text you a 6-digit login code.</Field.HelperText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={busy} loadingText="Sending code">
          Get code
        </Button>
      </Stack>
    </form>
  );
}

function ResendControl() {
  const auth = appActors().auth;
  const resendIn = useSelector(auth, (s) => s.context.resendIn);
  const canResend = useSelector(auth, (s) => s.matches({ signedOut: { enteringCode: { countdown: 'canResend' } } }));
  const resending = useSelector(auth, (s) => s.matches({ signedOut: { enteringCode: { countdown: 'resending' } } }));
  if (canResend || resending) {
    return (
      <Button variant="ghost" size="sm" loading={resending} onClick={() => auth.send({ type: 'auth.resend' })}>
        Resend code
      </Button>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted" aria-live="polite">
      Resend code in {resendIn} s
    </Text>
  );
}

function CodeStep() {
  const auth = appActors().auth;
  const mobile = useSelector(auth, (s) => s.context.mobile);
  const code = useSelector(auth, (s) => s.context.code);
  const error = useSelector(auth, (s) => s.context.error);
  const verifying = useSelector(auth, (s) => s.matches({ signedOut: { enteringCode: { code: 'verifying' } } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    auth.send({ type: 'auth.verify' });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Text>
            Code sent to <strong>{formatMobile(mobile)}</strong>
          </Text>
          <Button variant="plain" size="sm" px="0" colorPalette="brand" onClick={() => auth.send({ type: 'auth.editNumber' })}>
            Change number
          </Button>
        </HStack>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Login code</Field.Label>
          <Input
            name="otp"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6-digit code"
            letterSpacing="0.3em"
            value={code}
            maxLength={6}
            autoFocus
            onChange={(e) => auth.send({ type: 'auth.changeCode', value: e.target.value })}
          />
          {error && <Field.ErrorText role="alert">{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={verifying} loadingText="Checking code">
          Verify and log in
        </Button>
        <HStack justify="center">
          <ResendControl />
        </HStack>
      </Stack>
    </form>
  );
}

/** /auth/login/: mobile number, then the one-time code (section 2). */
export function LoginPage() {
  const auth = appActors().auth;
  const [params] = useSearchParams();
  const fromCart = params.get('user_not_authentication') === CART_LOGIN_MARKER;
  const returnTo = safeReturnPath(params.get('return_to'));
  useEffect(() => {
    auth.send({ type: 'auth.start', companyId: currentShop().companyId, returnTo: fromCart ? CART_RETURN : returnTo });
  }, [auth, fromCart, returnTo]);
  const codeStep = useSelector(auth, (s) => s.matches({ signedOut: 'enteringCode' }));
  return (
    <Container maxW="sm" py={{ base: '8', md: '16' }}>
      <Stack gap="6">
        <Box>
          <Heading as="h1" size="xl">
            Log in
          </Heading>
          <Text color="fg.muted">Use your mobile number; no password needed.</Text>
        </Box>
        {fromCart && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{AUTH_MESSAGES.cartReason}</Alert.Title>
          </Alert.Root>
        )}
        {codeStep ? <CodeStep /> : <NumberStep />}
      </Stack>
    </Container>
  );
}
