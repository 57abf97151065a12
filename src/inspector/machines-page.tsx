import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Badge, Box, Button, chakra, Code, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { activePaths, eventLabel, stateLabel, type ActorInfo, type SnapshotRecord } from './inspection-records';
import { tabRecorder } from './inspection-recorder';
import { actorName, createInspectionStore, readSavedRecording, savedRecording, type TabRecording } from './inspection-store';
import { MachineDiagram } from './machine-diagram';

/** The newest entries of the event log shown; the recording keeps more. */
const LOG_LIMIT = 300;

const store = createInspectionStore();

function clock(at: number): string {
  const time = new Date(at);
  return `${time.toLocaleTimeString('en-GB', { hour12: false })}.${String(time.getMilliseconds()).padStart(3, '0')}`;
}

const SAVED = 'saved:';

function tabLabel(recording: TabRecording, own: string | undefined): string {
  if (recording.tab.id.startsWith(SAVED)) return `Saved recording ${recording.tab.id.slice(SAVED.length)}: ${recording.tab.path}`;
  const who = recording.tab.id === own ? 'This tab' : `Tab ${recording.tab.id}`;
  return `${who}: ${recording.tab.path}${recording.closed ? ' (closed)' : ''}`;
}

/** Downloads a tab's recording as a JSON file, to open again in any inspector (Open a recording). */
function download(recording: TabRecording): void {
  const blob = new Blob([JSON.stringify(savedRecording(recording))], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `machines-${recording.tab.id}-${new Date(recording.tab.startedAt).toISOString().replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} mt="6">
      <Heading as="h3" id={id} size="md" mb="2">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

interface Selection {
  tabId: string;
  sessionId: string;
  /** In another tab (the shop tab reloaded, or another one picked), the running actor of this name is shown. */
  name: string;
}

/**
 * The local machine inspector (/__machines): every actor of the shop's tabs that record (the
 * inspector switch, src/app/inspector.ts), one actor's chart with its state lit up, its
 * context and its event log, and the session's recording to step back and forth through.
 */
export function MachinesPage() {
  useSyncExternalStore(store.subscribe, store.version);
  useEffect(() => store.connect(), []);
  useEffect(() => {
    const before = document.title;
    document.title = 'Machine inspector · Shoal';
    return () => {
      document.title = before;
    };
  }, []);

  const own = tabRecorder()?.tab.id;
  const tabs = store.tabs();
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  /** The sequence number of the snapshot shown, or null to follow the newest. */
  const [moment, setMoment] = useState<number | null>(null);
  const [showStopped, setShowStopped] = useState(false);
  const [fit, setFit] = useState(true);
  const wanted = useMemo(() => new URLSearchParams(window.location.search).get('actor'), []);

  const recording =
    tabs.find((t) => t.tab.id === chosenTab) ?? tabs.find((t) => t.tab.id !== own && !t.closed) ?? tabs.find((t) => t.tab.id === own) ?? tabs[0] ?? null;
  const latest = (actor: ActorInfo) => recording?.snapshots.get(actor.sessionId)?.at(-1);
  const running = (actor: ActorInfo) => latest(actor)?.status === 'active';
  const actors = (recording?.actors ?? []).filter((actor) => showStopped || running(actor));

  let selected: ActorInfo | undefined;
  if (recording && selection?.tabId === recording.tab.id) selected = recording.actors.find((a) => a.sessionId === selection.sessionId);
  else if (recording && (selection?.name ?? wanted)) selected = recording.actors.find((a) => actorName(a) === (selection?.name ?? wanted) && running(a));

  const steps: SnapshotRecord[] = (selected && recording?.snapshots.get(selected.sessionId)) || [];
  const found = moment === null ? -1 : steps.findIndex((step) => step.seq === moment);
  const position = found >= 0 ? found : steps.length - 1;
  const live = found < 0;
  const step = steps[position];
  const srcOf = (actorId: string) => recording?.actors.findLast((a) => a.id === actorId && a.parentId === selected?.sessionId)?.src ?? null;
  const nameOf = (sessionId: string | null) => {
    const actor = sessionId ? recording?.actors.find((a) => a.sessionId === sessionId) : undefined;
    return actor ? actorName(actor) : null;
  };

  const [openError, setOpenError] = useState<string | null>(null);
  const open = async (file: File | undefined) => {
    if (!file) return;
    const saved = readSavedRecording(await file.text());
    setOpenError(saved ? null : `${file.name} is not a saved recording of the machine inspector.`);
    if (!saved) return;
    const id = `${SAVED}${file.name}`;
    store.receive({ ...saved.tab, id }, saved.records, true);
    setChosenTab(id);
    setMoment(null);
  };

  const choose = (actor: ActorInfo) => {
    if (!recording) return;
    setSelection({ tabId: recording.tab.id, sessionId: actor.sessionId, name: actorName(actor) });
    setMoment(null);
  };
  const goTo = (index: number) => {
    const target = steps[Math.max(0, Math.min(index, steps.length - 1))];
    setMoment(target && index < steps.length - 1 ? target.seq : null);
  };

  return (
    <Box as="main" p={{ base: '3', md: '6' }} bg="bg" minH="100vh" color="fg">
      <Heading as="h1" size="xl">
        Machine inspector
      </Heading>
      <Text color="fg.muted" mt="1">
        The shop’s actors, live, from every tab of this shop that records them. A tab records when the inspector is on (open it with ?inspect=1).
      </Text>

      {tabs.length === 0 ? (
        <Text mt="4" role="status">
          No shop tab is recording yet. Open the shop with ?inspect=1 in another tab; its actors appear here.
        </Text>
      ) : (
        <Box mt="4">
          <chakra.label htmlFor="inspector-tab" fontWeight="semibold" display="block" mb="1">
            Shop tab
          </chakra.label>
          <chakra.select
            id="inspector-tab"
            value={recording?.tab.id}
            onChange={(event) => {
              setChosenTab(event.target.value);
              setMoment(null);
            }}
            borderWidth="1px"
            borderRadius="md"
            px="2"
            py="1"
            bg="bg"
            maxW="full"
          >
            {tabs.map((t) => (
              <option key={t.tab.id} value={t.tab.id}>
                {tabLabel(t, own)}
              </option>
            ))}
          </chakra.select>
        </Box>
      )}
      <HStack mt="3" gap="4" wrap="wrap" fontSize="sm">
        <Button size="sm" variant="outline" disabled={!recording} onClick={() => recording && download(recording)}>
          Save recording
        </Button>
        <chakra.label display="flex" gap="2" alignItems="center">
          Open a recording
          <input type="file" accept="application/json,.json" onChange={(event) => void open(event.target.files?.[0])} />
        </chakra.label>
      </HStack>
      {openError && (
        <Text role="alert" color="fg.error" mt="1">
          {openError}
        </Text>
      )}

      <Flex direction={{ base: 'column', lg: 'row' }} gap="6" mt="4" align="flex-start">
        <Box as="nav" aria-labelledby="inspector-actors" w={{ base: 'full', lg: '300px' }} flexShrink={0}>
          <Heading as="h2" id="inspector-actors" size="lg" mb="2">
            Actors
          </Heading>
          <chakra.label display="flex" gap="2" alignItems="center" mb="2" fontSize="sm">
            <input type="checkbox" checked={showStopped} onChange={(event) => setShowStopped(event.target.checked)} />
            Show stopped and finished actors
          </chakra.label>
          {actors.length === 0 ? (
            <Text color="fg.muted">No actors.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="1">
              {actors.map((actor) => {
                const last = latest(actor);
                const isSelected = actor === selected;
                return (
                  <li key={actor.sessionId}>
                    <Button
                      variant={isSelected ? 'solid' : 'outline'}
                      size="sm"
                      w="full"
                      justifyContent="flex-start"
                      h="auto"
                      py="1.5"
                      aria-pressed={isSelected}
                      onClick={() => choose(actor)}
                      data-actor={actorName(actor)}
                    >
                      <Stack gap="0" align="flex-start" textAlign="left" minW="0">
                        <Text fontWeight="bold" truncate maxW="full">
                          {actorName(actor)}
                          {actor.machine && actor.machine.id !== actorName(actor) ? ` (${actor.machine.id})` : ''}
                        </Text>
                        <Text fontSize="xs" fontWeight="normal" truncate maxW="full">
                          {actor.machine ? stateLabel(last?.value ?? null) : 'not a machine'}
                          {last && last.status !== 'active' ? ` · ${last.status}` : ''}
                        </Text>
                      </Stack>
                    </Button>
                  </li>
                );
              })}
            </Stack>
          )}
        </Box>

        <Box as="section" aria-labelledby="inspector-actor" flex="1" minW="0" w="full">
          {!selected || !step ? (
            <>
              <Heading as="h2" id="inspector-actor" size="lg">
                No actor picked
              </Heading>
              <Text color="fg.muted">Pick an actor from the list to see its chart, its context and its events.</Text>
            </>
          ) : (
            <>
              <Heading as="h2" id="inspector-actor" size="lg">
                {actorName(selected)}
                {selected.machine ? ` · ${selected.machine.id} machine` : ''}
              </Heading>
              <Text mt="1">
                {live ? 'Now in ' : 'Then in '}
                <Code data-testid="inspector-state">{selected.machine ? stateLabel(step.value) : step.status}</Code>{' '}
                <Badge colorPalette={step.status === 'active' ? 'green' : 'gray'}>{step.status}</Badge>
              </Text>

              <Section id="inspector-recording" title="Recording">
                <HStack gap="2" wrap="wrap">
                  <Button size="sm" variant="outline" onClick={() => goTo(position - 1)} disabled={position <= 0}>
                    Previous
                  </Button>
                  <chakra.input
                    type="range"
                    aria-label="Moment of the recording"
                    aria-valuetext={`Step ${position + 1} of ${steps.length}: ${eventLabel(step.event.type, srcOf)} at ${clock(step.at)}`}
                    min={0}
                    max={Math.max(0, steps.length - 1)}
                    value={position}
                    onChange={(event) => goTo(Number(event.target.value))}
                    flex="1"
                    minW="120px"
                  />
                  <Button size="sm" variant="outline" onClick={() => goTo(position + 1)} disabled={live}>
                    Next
                  </Button>
                  <Button size="sm" onClick={() => setMoment(null)} disabled={live}>
                    Live
                  </Button>
                </HStack>
                <Text mt="1" fontSize="sm" data-testid="inspector-moment">
                  Step {position + 1} of {steps.length} · {clock(step.at)} · {eventLabel(step.event.type, srcOf)}
                  {live ? ' · live' : ''}
                </Text>
              </Section>

              <Section id="inspector-chart" title="Chart">
                {selected.machine ? (
                  <>
                    <chakra.label display="flex" gap="2" alignItems="center" mb="2" fontSize="sm">
                      <input type="checkbox" checked={fit} onChange={(event) => setFit(event.target.checked)} />
                      Fit the chart to the page
                    </chakra.label>
                    <MachineDiagram machine={selected.machine} active={activePaths(step.value)} fit={fit} />
                  </>
                ) : (
                  <Text>This actor is not a machine (a request or a callback): it has no chart.</Text>
                )}
              </Section>

              <Section id="inspector-context" title="Context">
                <details open>
                  <chakra.summary cursor="pointer" fontSize="sm">
                    {selected.machine ? 'Context' : 'Output'} at step {position + 1}
                  </chakra.summary>
                  <chakra.pre data-testid="inspector-context" fontSize="xs" overflow="auto" maxH="60vh" p="2" bg="bg.subtle" borderRadius="md">
                    {JSON.stringify(selected.machine ? step.context : step.output, null, 2)}
                  </chakra.pre>
                </details>
              </Section>

              <Section id="inspector-events" title="Event log">
                <Text fontSize="sm" color="fg.muted" mb="2">
                  Newest first. Pick an event to see the moment after it.
                </Text>
                <Stack as="ol" listStyleType="none" gap="1" data-testid="inspector-log">
                  {steps
                    .slice(-LOG_LIMIT)
                    .reverse()
                    .map((entry) => {
                      const index = steps.indexOf(entry);
                      // An invoked actor's done and failed events name it already.
                      const from = entry.event.type.startsWith('xstate.') ? null : nameOf(entry.sourceId);
                      const payload = JSON.stringify(entry.event.payload);
                      return (
                        <li key={entry.seq}>
                          <Button
                            variant={index === position ? 'subtle' : 'ghost'}
                            size="xs"
                            w="full"
                            h="auto"
                            py="1"
                            justifyContent="flex-start"
                            aria-current={index === position ? 'step' : undefined}
                            onClick={() => goTo(index)}
                            data-event={entry.event.type}
                          >
                            <Stack gap="0" align="flex-start" textAlign="left" minW="0" fontWeight="normal">
                              <Text>
                                <chakra.time dateTime={new Date(entry.at).toISOString()} color="fg.muted">
                                  {clock(entry.at)}
                                </chakra.time>{' '}
                                <chakra.strong title={entry.event.type}>{eventLabel(entry.event.type, srcOf)}</chakra.strong>
                                {from ? ` from ${from}` : ''}
                                {selected.machine ? ` → ${stateLabel(entry.value)}` : ` → ${entry.status}`}
                              </Text>
                              {payload !== '{}' && (
                                <Text fontSize="xs" color="fg.muted" truncate maxW="full">
                                  {payload}
                                </Text>
                              )}
                            </Stack>
                          </Button>
                        </li>
                      );
                    })}
                </Stack>
              </Section>
            </>
          )}
        </Box>
      </Flex>
    </Box>
  );
}
