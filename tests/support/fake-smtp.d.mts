export interface FakeSmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  messageId: string | null;
}

export interface FakeSmtp {
  port: number;
  /** smtp://user:pass@127.0.0.1:port, for SMTP_URL. */
  url: string;
  messages: FakeSmtpMessage[];
  failNext(count: number, responseCode?: number, message?: string): void;
  to(address: string): FakeSmtpMessage[];
  close(): Promise<void>;
}

export function startFakeSmtp(): Promise<FakeSmtp>;
