import { useEffect, useRef, useState } from 'react';
import { Box, Text } from '@chakra-ui/react';
import type { ActorInfo } from './inspection-records';
import { loadDrawing, markStates, type MachineDrawing } from './machine-drawings';

type Machine = NonNullable<ActorInfo['machine']>;

/**
 * A machine's chart from docs/machines with the states it is in lit up: the innermost ones
 * filled, the ones holding them outlined.
 */
export function MachineDiagram({ machine, active, fit }: { machine: Machine; active: string[]; fit: boolean }) {
  const [drawing, setDrawing] = useState<{ machine: Machine; result: MachineDrawing | null } | null>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    void loadDrawing(machine.id).then((svg) => {
      if (current) setDrawing({ machine, result: svg ? markStates(svg, machine.states) : null });
    });
    return () => {
      current = false;
    };
  }, [machine]);

  const shown = drawing?.machine === machine ? drawing.result : undefined;
  const activeKey = active.join(' ');
  useEffect(() => {
    const paths = activeKey.split(' ');
    for (const box of container.current?.querySelectorAll('[data-state]') ?? []) {
      const path = box.getAttribute('data-state') ?? '';
      if (!paths.includes(path)) box.removeAttribute('data-active');
      else box.setAttribute('data-active', paths.some((other) => other.startsWith(`${path}.`)) ? 'within' : 'state');
    }
  }, [shown, activeKey]);

  if (shown === undefined) return <Text color="fg.muted">Loading the chart…</Text>;
  if (shown === null) return <Text>docs/machines has no chart of the {machine.id} machine.</Text>;
  return (
    <>
      {shown.missing.length > 0 && (
        <Text color="fg.error" mb="2">
          The chart in docs/machines is older than the machine: it has no box for {shown.missing.join(', ')}. Run npm run docs:machines.
        </Text>
      )}
      <Box
        ref={container}
        role="img"
        aria-label={`Chart of the ${machine.id} machine; lit up: ${active.join(', ') || 'no state'}`}
        data-testid="machine-chart"
        overflow="auto"
        maxH={fit ? undefined : '80vh'}
        borderWidth="1px"
        borderRadius="md"
        bg="white"
        css={{
          '& svg': { display: 'block', maxWidth: fit ? '100%' : 'none', height: 'auto' },
          '& rect[data-active="within"]': { stroke: '#b45309', strokeWidth: '3px' },
          '& rect[data-active="state"]': { fill: '#ffe08a', stroke: '#b45309', strokeWidth: '3.5px' },
        }}
        dangerouslySetInnerHTML={{ __html: shown.svg }}
      />
    </>
  );
}
