import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Teardown } from "../helpers/transport.ts";

/** A customer's site: another origin than the service, whose CSP lets in nothing but the service's script and calls. */
export interface HostSite {
  origin: string;
  /** Serves this page at `path` from now on. */
  page(path: string, html: string): string;
}

export const hostCsp = (service: string) => `default-src 'none'; script-src ${service}; connect-src ${service}`;

export async function startHostSite(t: Teardown, service: string): Promise<HostSite> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const html = pages.get(request.url ?? "");
    if (html === undefined) return response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-security-policy": hostCsp(service) }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  // localhost, not 127.0.0.1: another host name, so another origin (and site) than the service's even on one port.
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page(path, html) {
      pages.set(path, html);
      return `${origin}${path}`;
    },
  };
}

const escapeHtml = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** `<feedback-buttons>` with these attributes (an empty string: the attribute without a value). */
export const feedbackButtons = (attributes: Record<string, string>) =>
  `<feedback-buttons ${Object.entries(attributes).map(([name, value]) => (value === "" ? name : `${name}="${escapeHtml(value)}"`)).join(" ")}></feedback-buttons>`;

/** A page of the host site: an article with the widget under each section, loaded from the service like a site would. */
export function hostPage(
  service: string,
  sections: { heading: string; widget: string }[],
  { lang = "en", dir = "ltr", title = "How do I reset my password?", text = "Use the link on the login page, then follow the mail we send you." } = {},
): string {
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>An article with feedback buttons</title>
<script type="module" src="${service}/widget/feedback.js"></script></head>
<body><main><h1>${title}</h1>
${sections.map(({ heading, widget }) => `<section><h2>${heading}</h2><p>${text}</p>${widget}</section>`).join("\n")}
</main></body></html>`;
}
