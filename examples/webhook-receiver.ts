/**
 * A webhook receiver for the clinic's events (spec section 6), built on the client's
 * `createMessageReceiver`: it answers 200 as soon as the body is read, skips a `message_id` already
 * seen, orders events by `data.ts`, and reads only the new messages of a thread (`skip`).
 *
 * Run it next to the mock (`npx @telehealth/mock --port 8787 --webhook-url http://127.0.0.1:8790/webhooks`):
 *
 *   PORT=8790 API_BASE_URL=http://127.0.0.1:8787/api_v3 MESSAGES_BASE_URL=http://127.0.0.1:8787/messaging \
 *   ACCOUNT_CODE=demo API_KEY=demo-api-key API_TOKEN=<a participant's token> \
 *   node --import tsx examples/webhook-receiver.ts
 *
 * It logs ids and counts only, never message content.
 */
import { createServer, type IncomingMessage } from 'node:http';
import {
  connectServer,
  createMessageReceiver,
  memoryTokenStore,
  type MessageReceiver,
  type MessageReceiverOptions,
} from '@telehealth/client';

const MAX_BODY_BYTES = 1024 * 1024;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export interface RunningReceiver {
  receiver: MessageReceiver;
  /** The address to configure as the clinic's webhook. */
  url: string;
  close(): Promise<void>;
}

/** Listens for deliveries on `port` (0: any free port) and hands each body to the receiver. */
export function startWebhookReceiver(
  options: MessageReceiverOptions & { port?: number; host?: string } = {},
): Promise<RunningReceiver> {
  const { port = 0, host = '127.0.0.1', ...receiverOptions } = options;
  const receiver = createMessageReceiver(receiverOptions);
  const log = receiverOptions.log ?? (() => undefined);
  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405, { Allow: 'POST' }).end();
      return;
    }
    readBody(request).then(
      (text) => {
        // Acknowledge first; everything else happens after the answer has gone.
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          log('ignored a delivery that is not JSON');
          return;
        }
        receiver.receive(parsed);
      },
      () => {
        if (!response.headersSent) response.writeHead(413).end();
      },
    );
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        receiver,
        url: `http://${host}:${actual}/webhooks`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isMain) {
  connectServer({
    apiBaseUrl: process.env.API_BASE_URL ?? 'http://127.0.0.1:8787/api_v3',
    messagesBaseUrl: process.env.MESSAGES_BASE_URL ?? 'http://127.0.0.1:8787/messaging',
    accountCode: process.env.ACCOUNT_CODE ?? 'demo',
    apiKey: process.env.API_KEY ?? '',
    tokens: memoryTokenStore(process.env.API_TOKEN ?? null),
  });
  void startWebhookReceiver({
    port: Number(process.env.PORT ?? 8790),
    log: (line) => console.log(line),
    onMessages: (visitId, messages) => console.log(`visit ${visitId}: ${messages.length} new message(s)`),
  }).then(({ url }) => console.log(`Webhook receiver on ${url}`));
}
