/**
 * A person's ways of signing in beyond the password (docs/platform.md, Sessions and second
 * factors): passkeys (added here with a name, listed with when added and last used, renamed,
 * removed) and an authenticator app (set up from a QR code or its key, counting once a first code
 * confirms it, with ten recovery codes shown once). On the Profile, and on the screen of someone
 * whose shop requires one before anything else. Every rule is the server's.
 */
import { confirmTotp, regenerateRecoveryCodes, removePasskey, removeTotp, renamePasskey, securityStatus, startTotp } from '@glazier/shared/actions/security';
import { formatDate, formatWhen } from '@glazier/shared/rules/dates';
import { Alert, Badge, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconKey, IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { reportError, reportSuccess, useConfirmedRun } from '../forms/error-mapper.tsx';
import { callAction } from '../http/actions.ts';
import { SESSION_KEY } from '../http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';
import { PasswordField, TextField } from '../../ui/text-field.tsx';
import { createPasskey } from './passkey-ceremonies.ts';

export const SECURITY_KEY = ['security', 'status'] as const;

/** Enter in a field of this section does its own step, not the dialog's Save around it. */
const onEnter = (run: () => void) => (e: KeyboardEvent) => {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  e.stopPropagation();
  run();
};

/** Recovery codes just made: shown this once. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Stack gap={6} data-testid="recovery-codes">
      <Text size="sm" fw={600}>
        Your recovery codes
      </Text>
      <Text size="xs" c="dimmed">
        Shown only now. Keep them somewhere safe (a password manager, or printed): each signs you in once if you lose your phone.
      </Text>
      <SimpleGrid cols={2} spacing={4} verticalSpacing={2}>
        {codes.map((c) => (
          <Text key={c} ff="monospace" size="sm" data-testid="recovery-code">
            {c}
          </Text>
        ))}
      </SimpleGrid>
      <CopyButton value={codes.join('\n')}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={copy} w="fit-content">
            {copied ? 'Copied' : 'Copy codes'}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** Setting the authenticator up: its QR code and key, then the first code it shows. */
function TotpSetup({ onDone }: { onDone: (codes: string[]) => void }) {
  const loader = useLoader();
  const [setup, setSetup] = useState<{ key: string; qr: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    try {
      const answer = await loader.run(callAction(startTotp));
      const QRCode = await import('qrcode');
      setSetup({ key: answer.key, qr: await QRCode.toDataURL(answer.uri, { margin: 1, width: 176 }) });
    } catch (e) {
      reportError(e);
    }
  };
  const confirm = async () => {
    try {
      const answer = await loader.run(callAction(confirmTotp, { body: { code: code.trim() } }));
      onDone(answer.recovery_codes);
    } catch (e) {
      setError(null);
      reportError(e, { form: { setFieldError: (_f: string, message: string) => setError(message), fields: ['code'] } });
    }
  };
  if (!setup)
    return (
      <Button size="xs" leftSection={<IconShieldCheck size={14} />} onClick={() => void start()} w="fit-content" data-testid="totp-start">
        Set up an authenticator app
      </Button>
    );
  return (
    <Stack gap="xs" data-testid="totp-setup">
      <Text size="sm">Scan this code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …), or type the key.</Text>
      <Group align="flex-start" gap="md">
        <img src={setup.qr} alt="QR code for your authenticator app" width={176} height={176} style={{ background: 'white', padding: 4, borderRadius: 4 }} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="xs" c="dimmed">
            Key
          </Text>
          <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="totp-key">
            {setup.key}
          </Text>
        </Stack>
      </Group>
      <Group align="flex-end" gap="xs">
        <TextField
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          onKeyDown={onEnter(() => void confirm())}
          error={error}
          w={180}
        />
        <Button onClick={() => void confirm()} data-testid="totp-confirm">
          Turn on
        </Button>
      </Group>
    </Stack>
  );
}

function AuthenticatorCard({ on, left, onChanged }: { on: boolean; left: number; onChanged: () => void }) {
  const loader = useLoader();
  const confirmedRun = useConfirmedRun();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const newCodes = async () => {
    const answer = await confirmedRun(
      'Make ten new recovery codes? The ones you have now stop working.',
      { confirmLabel: 'Make new codes', title: 'New recovery codes' },
      () => callAction(regenerateRecoveryCodes),
      'New recovery codes made.',
    );
    if (answer) setCodes(answer.recovery_codes);
    onChanged();
  };
  const remove = async () => {
    try {
      await loader.run(callAction(removeTotp, { body: { password } }));
      reportSuccess('The authenticator app was removed.');
      setRemoving(false);
      setCodes(null);
      onChanged();
    } catch (e) {
      reportError(e, { form: { setFieldError: (_f: string, message: string) => setError(message), fields: ['password'] } });
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="authenticator-card">
      <Stack gap="xs">
        <Group gap={6}>
          <Text fw={600} size="sm">
            Authenticator app
          </Text>
          <Badge size="sm" variant="light" color={on ? 'green' : 'gray'}>
            {on ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {on
            ? `After your password, a code from the app. Recovery codes left: ${left}.`
            : 'A second step after your password: a 6-digit code from an app on your phone.'}
        </Text>
        {codes && <RecoveryCodes codes={codes} />}
        {!on && (
          <TotpSetup
            onDone={(made) => {
              setCodes(made);
              onChanged();
            }}
          />
        )}
        {on && !removing && (
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => void newCodes()}>
              New recovery codes
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          </Group>
        )}
        {on && removing && (
          <Group align="flex-end" gap="xs">
            <PasswordField
              label="Your password, to remove it"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              onKeyDown={onEnter(() => void remove())}
              error={error}
              w={220}
            />
            <Button color="red" onClick={() => void remove()}>
              Remove
            </Button>
            <Button variant="default" onClick={() => setRemoving(false)}>
              Keep
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

type Passkey = { id: number; name: string; created_at: string; last_used_at: string | null };

function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => void }) {
  const loader = useLoader();
  const confirmedRun = useConfirmedRun();
  const [name, setName] = useState<string | null>(null);
  const rename = async () => {
    try {
      await loader.run(callAction(renamePasskey, { params: { id: passkey.id }, body: { name: name ?? '' } }));
      setName(null);
      onChanged();
    } catch (e) {
      reportError(e);
    }
  };
  const remove = async () => {
    const done = await confirmedRun(
      `Remove the passkey "${passkey.name}"? It will no longer sign you in.`,
      { confirmLabel: 'Remove', title: 'Remove passkey', danger: true },
      async () => (await callAction(removePasskey, { params: { id: passkey.id } }), true),
      'Passkey removed.',
    );
    if (done) onChanged();
  };
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="passkey-row">
      {name === null ? (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {passkey.name}
          </Text>
          <Text size="xs" c="dimmed">
            Added {formatDate(passkey.created_at)} · {passkey.last_used_at ? `last used ${formatWhen(passkey.last_used_at)}` : 'not used yet'}
          </Text>
        </div>
      ) : (
        <TextField
          aria-label="Passkey name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          onKeyDown={onEnter(() => void rename())}
          size="xs"
          style={{ flex: 1 }}
        />
      )}
      <Group gap={4} wrap="nowrap">
        {name === null ? (
          <Button size="xs" variant="subtle" onClick={() => setName(passkey.name)}>
            Rename
          </Button>
        ) : (
          <Button size="xs" variant="light" onClick={() => void rename()}>
            Save name
          </Button>
        )}
        <Button size="xs" variant="subtle" color="red" onClick={() => void remove()}>
          Remove
        </Button>
      </Group>
    </Group>
  );
}

function PasskeysCard({ passkeys, onChanged }: { passkeys: Passkey[]; onChanged: () => void }) {
  const loader = useLoader();
  const [name, setName] = useState('');
  const supported = typeof window.PublicKeyCredential !== 'undefined';
  const add = async () => {
    try {
      await loader.run(createPasskey(name.trim() || 'Passkey'));
      setName('');
      reportSuccess('Passkey added: use it the next time you sign in.');
      onChanged();
    } catch (e) {
      if (e instanceof Error && e.name === 'NotAllowedError') return; // the person closed the prompt
      reportError(e);
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="passkeys-card">
      <Stack gap="xs">
        <Group gap={6}>
          <Text fw={600} size="sm">
            Passkeys
          </Text>
          <Badge size="sm" variant="light" color={passkeys.length ? 'green' : 'gray'}>
            {passkeys.length || 'None'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Sign in with your fingerprint, face or screen lock instead of a password and code: both steps at once.
        </Text>
        {passkeys.map((p) => (
          <PasskeyRow key={p.id} passkey={p} onChanged={onChanged} />
        ))}
        {supported ? (
          <Group align="flex-end" gap="xs">
            <TextField
              label="Name for a new passkey"
              placeholder="e.g. Work laptop"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              onKeyDown={onEnter(() => void add())}
              w={220}
            />
            <Button leftSection={<IconKey size={14} />} onClick={() => void add()} data-testid="passkey-add">
              Add a passkey
            </Button>
          </Group>
        ) : (
          <Text size="xs" c="dimmed">
            This browser cannot make passkeys.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** `holdSession`: the person is read again only when they go on (the enrolment screen, which would go away with its recovery codes). */
export function FactorsSection({ holdSession = false }: { holdSession?: boolean }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: SECURITY_KEY, queryFn: ({ signal }) => callAction(securityStatus, { signal }), staleTime: 0 });
  // A factor added or removed may change what the server lets the person do (the shop's requirement).
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: SECURITY_KEY });
    if (!holdSession) void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  };
  if (status.isError)
    return (
      <Text c="red" size="sm">
        Your sign-in settings could not be loaded.
      </Text>
    );
  if (!status.data)
    return (
      <Text c="dimmed" size="sm">
        Loading…
      </Text>
    );
  const s = status.data;
  return (
    <Stack gap="xs" data-testid="factors-section">
      {s.required && (
        <Alert color={s.must_enrol ? 'orange' : 'blue'} p="xs" data-testid="factor-required">
          Your shop requires a passkey or an authenticator app to sign in{s.must_enrol ? ': set one up to continue.' : '.'}
        </Alert>
      )}
      <PasskeysCard passkeys={s.passkeys} onChanged={refresh} />
      <AuthenticatorCard on={s.totp} left={s.recovery_codes_left} onChanged={refresh} />
    </Stack>
  );
}
