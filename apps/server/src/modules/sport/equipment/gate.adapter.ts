/**
 * The one gate adapter interface: what the equipment module needs from a gate's protocol. The
 * module stores events, decides passes and queues commands; an adapter only turns the device's
 * wire format into events and commands and back. ZKTeco PUSH (zkteco.adapter.ts) is the one
 * implemented; another make is another implementation of this interface.
 */
export interface GateEventIn {
  /** The device's own identity of the event: the same on every resend. */
  eventKey: string;
  source: 'attlog' | 'rtlog';
  /** Who: the PIN the device knows the person by. */
  pin: string;
  /** The device's wall clock, `YYYY-MM-DD HH:MM:SS` (the venue's time zone). */
  localTime: string;
  raw: string;
}

export interface ParsedEvents {
  events: GateEventIn[];
  /** Lines that could not be read (skipped and counted, never an error). */
  skipped: number;
}

export interface CommandResult {
  id: number;
  returnCode: number;
}

export interface GateAdapter {
  readonly name: string;
  /** The answer to a device's first call (its options). */
  handshake(sn: string): string;
  /** The events of a pushed body (`table` as the device names it); an unknown table reads as nothing. */
  parseEvents(table: string, body: string): ParsedEvents;
  /** The answer to a push of `stored` lines. */
  pushAnswer(accepted: number): string;
  /** The command that opens door `door` for `seconds`. */
  openCommand(door: number, seconds: number): string;
  /** The answer to a poll: the commands, or the "nothing" answer. */
  pollAnswer(commands: readonly { id: number; command: string }[]): string;
  /** The results a device reports for its commands. */
  parseResults(body: string): { results: CommandResult[]; skipped: number };
}
