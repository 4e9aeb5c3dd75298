export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  dateCreated: Date;
  dateSent: Date;
}

export interface FakeTwilioHold {
  /** Resolves once `count` (default 1) held sends have arrived. */
  arrived(count?: number): Promise<FakeTwilioMessage[]>;
  release(): void;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  messages: FakeTwilioMessage[];
  requests: { method: string; path: string; query: string }[];
  env(from?: string): Record<string, string>;
  failNext(count: number, status?: number, code?: number, message?: string): void;
  hold(): FakeTwilioHold;
  to(to: string): FakeTwilioMessage[];
  reportStatus(
    message: FakeTwilioMessage,
    status: string,
    options?: { via?: string; errorCode?: number | string },
  ): Promise<Response>;
  nextRequest(): Promise<void>;
  close(): Promise<void>;
}

export function startFakeTwilio(options?: {
  accountSid?: string;
  authToken?: string;
}): Promise<FakeTwilio>;

export function twilioSignature(
  authToken: string,
  url: string,
  params?: Record<string, string>,
): string;

export function signedStatusCallback(options: {
  authToken: string;
  url: string;
  params: Record<string, string>;
}): { body: string; headers: Record<string, string> };

export function postStatusCallback(options: {
  authToken: string;
  callbackUrl: string;
  params: Record<string, string>;
  via?: string;
}): Promise<Response>;
