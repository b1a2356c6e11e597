import { describe, expect, it } from "vitest";
import { PLACEHOLDER_STATUS_URL } from "../app/shared/lib/seo.server";
import { withStatusUrl } from "./static-files";

// What a prerendered page holds: the footer's marked link, and the page's data in a script.
const page = `<footer><ul><li><a href="/privacy">Privacy</a></li><li data-status-link=""><a href="${PLACEHOLDER_STATUS_URL}" class="x">Status</a></li></ul></footer><script>enqueue("[{\\"statusUrl\\":\\"${PLACEHOLDER_STATUS_URL}\\"}]")</script>`;

describe("STATUS_URL on prerendered pages", () => {
  it("fills in the link and the page's data", () => {
    const html = withStatusUrl(page, "https://status.example.com/?page=1&x=2");
    expect(html).toContain('<a href="https://status.example.com/?page=1&amp;x=2" class="x">Status</a>');
    expect(html).toContain('\\"statusUrl\\":\\"https://status.example.com/?page=1&x=2\\"');
    expect(html).not.toContain(PLACEHOLDER_STATUS_URL);
  });

  it("unset: removes the link, and the data says there is none", () => {
    const html = withStatusUrl(page, null);
    expect(html).not.toContain("Status</a>");
    expect(html).toContain('<a href="/privacy">Privacy</a>');
    expect(html).toContain('\\"statusUrl\\":\\"\\"');
    expect(html).not.toContain(PLACEHOLDER_STATUS_URL);
  });
});
