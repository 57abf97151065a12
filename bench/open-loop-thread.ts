/**
 * The worker side of `openLoopInThread` (open-loop.ts): one open-loop run in a thread of its own,
 * its result posted back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openLoop, type OpenLoopThreadOptions } from './open-loop.js';

const options = workerData as OpenLoopThreadOptions;
const { paths } = options;
const result = await openLoop({ ...options, path: (i) => paths[i % paths.length] as string });
parentPort?.postMessage(result);
