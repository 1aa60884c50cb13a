export interface SunkMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
}
export function decodeBody(raw: string): { subject: string; text: string };
export function startMailSink(port?: number): Promise<{
  url: string;
  port: number;
  messages: SunkMail[];
  to(address: string): SunkMail[];
  close(): Promise<void>;
}>;
