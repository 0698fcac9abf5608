import nodemailer from "nodemailer";
import type { AppConfig } from "../config/config";
import type { Logger } from "../logging/logger";

export type OutgoingMail = { to: string; subject: string; text: string; html?: string };
export type OutboxEntry = OutgoingMail & { id: number; sentAt: Date };

export type Mailer = {
  /** "smtp" delivers for real; "outbox" keeps mail in memory for the development outbox page. */
  kind: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<void>;
  /** The development outbox, newest first (empty with SMTP). */
  outbox(): OutboxEntry[];
};

const OUTBOX_SIZE = 50;

/**
 * Mail through nodemailer: SMTP when SMTP_URL is configured; otherwise a
 * development outbox (logged, and listed at /dev/outbox to local visitors) so
 * the email sign-in flow works on a fresh machine.
 */
export function createMailer(config: Pick<AppConfig, "mail">, logger: Logger): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: config.mail.from, ...mail });
        logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      outbox: () => [],
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const entries: OutboxEntry[] = [];
  let nextId = 1;
  return {
    kind: "outbox",
    async send(mail) {
      // Rendered by nodemailer as it would be sent, so headers and encoding are real.
      await transport.sendMail({ from: config.mail.from, ...mail });
      entries.unshift({ ...mail, id: nextId++, sentAt: new Date() });
      entries.length = Math.min(entries.length, OUTBOX_SIZE);
      logger.info({ to: mail.to, subject: mail.subject, outbox: "/dev/outbox" }, "mail kept in the development outbox (no SMTP_URL)");
    },
    outbox: () => [...entries],
  };
}
