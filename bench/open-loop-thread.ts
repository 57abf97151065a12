/**
 * The worker side of `openLoopInThread` (open-loop.ts): one open-loop run in a thread of its own,
 * its result posted back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openLoop, type OpenLoopOptions } from './open-loop.js';

export type ThreadOptions = Omit<OpenLoopOptions, 'path'> & { paths: string[] };

const options = workerData as ThreadOptions;
const { paths } = options;
const result = await openLoop({ ...options, path: (i) => paths[i % paths.length] as string });
parentPort?.postMessage(result);
