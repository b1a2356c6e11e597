/**
 * The import rules of eslint.config.js, tried on code that breaks them: if the
 * configuration ever stops catching an upward import, a reach into another
 * feature's internals or a cycle, this fails (and `npm run lint` would have
 * let it through).
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith("import-x/")).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("import boundaries", () => {
  it("refuses a feature importing the composition root, the request context or a route", async () => {
    expect(await problems("app/features/forms/x.ts", 'import { services } from "~/services.server";\nservices();\n')).toEqual([
      expect.stringMatching(/no-restricted-paths: .*A feature may not import the composition root/),
    ]);
    expect(await problems("app/features/forms/x.ts", 'import { getViewer } from "~/request-context.server";\ngetViewer;\n')).toHaveLength(1);
    expect(await problems("app/features/forms/x.ts", 'import { loader } from "~/routes/profile";\nloader;\n')).toHaveLength(1);
  });

  it("refuses another feature's internals but allows its public index", async () => {
    expect(await problems("app/features/layout/x.ts", 'import { useSignOut } from "~/features/auth/sign-out";\nuseSignOut;\n')).toEqual([
      expect.stringMatching(/features\/layout may use features\/auth only through its public index/),
    ]);
    expect(await problems("app/features/layout/x.ts", 'import { useSignOut } from "~/features/auth";\nuseSignOut;\n')).toEqual([]);
  });

  it("refuses shared, infra and config importing upward, and the edge importing a feature", async () => {
    expect(await problems("app/infra/x.ts", 'import { PROFILE_MESSAGES } from "~/features/profile/messages";\nPROFILE_MESSAGES;\n')).toHaveLength(1);
    expect(await problems("app/shared/lib/x.ts", 'import { AUTH_MESSAGES } from "~/features/auth/messages";\nAUTH_MESSAGES;\n')).toHaveLength(1);
    expect(await problems("app/config/x.ts", 'import { jsonError } from "~/infra/http/responses";\njsonError;\n')).toHaveLength(1);
    expect(await problems("server/x.ts", 'import { signIn } from "../app/features/auth/auth-actions.server.ts";\nsignIn;\n')).toHaveLength(1);
  });

  it("allows what flows down", async () => {
    expect(
      await problems(
        "app/routes/x.tsx",
        'import { requireViewer } from "~/request-context.server";\nimport { signIn } from "~/features/auth/auth-actions.server";\nrequireViewer; signIn;\n',
      ),
    ).toEqual([]);
    expect(
      await problems(
        "app/features/forms/x.ts",
        'import { jsonError } from "~/infra/http/responses";\nimport { site } from "~/config/site";\njsonError; site;\n',
      ),
    ).toEqual([]);
  });

  it("refuses an import cycle", async () => {
    // features/auth/auth.server.ts imports account-rules.server.ts; importing it back closes a circle.
    const cycle = await problems("app/features/auth/account-rules.server.ts", 'import { createAuth } from "./auth.server";\nexport const x = createAuth;\n');
    expect(cycle).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/)]);
  });
});
