import { spawn } from 'node:child_process';

/**
 * Runs `script` (an ES module; it may import the sources' TypeScript) in a Node process of its own,
 * with `nodeFlags` before it, and answers what it printed, trimmed. For what is process-wide and
 * must not touch the test runner's own process: V8's flags, its heap, the C library's memory.
 */
export function outputOfScript(script: string, nodeFlags: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`the script's process exited with ${code}`))));
  });
}
