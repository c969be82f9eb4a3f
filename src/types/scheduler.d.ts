// React's scheduler ships no types; these are the two exports the key bus uses (see key-bus.ts).
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  /** A scheduled task; `id` counts every task scheduled in this process, in order. */
  export interface Task {
    id: number;
  }
  export function unstable_scheduleCallback(priority: number, callback: () => void): Task;
}
