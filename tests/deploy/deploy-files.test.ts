// The deployment files (Dockerfile, compose.yaml, deploy/k8s) cannot be run here (no Docker, no
// cluster): these tests hold them to the code instead. Every deployable is named, every command
// runs a file the build makes and the image carries, every probe calls a route the API serves,
// every setting is one the API reads (through its own config loader), and the overlay patches
// what the base has. Each check is a function returning problems, proved on a broken copy too.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { allApiRoutes, apiPath } from '@slotwise/contracts';
import { loadConfig } from '../../services/api/src/core/config/app-config.js';
import { REMOTE_NAMES, cacheControlFor } from '@slotwise/gateway';
import { DEPLOYABLES, runtimePackages } from '@slotwise/gateway/runtime-bundle';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const exists = (path: string) => existsSync(join(root, path));

type Env = Record<string, string>;

/** Every document of a YAML file, as plain data; a syntax error fails the test with its place. */
function readYaml(path: string): unknown[] {
  return parseAllDocuments(read(path)).map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${path}: ${doc.errors[0]?.message}`);
    return doc.toJS();
  });
}

// --- The API's own answers ---------------------------------------------------------------------

/** GET paths the API serves without path parameters (/api/health, …). */
const API_GET_PATHS = new Set(
  allApiRoutes()
    .filter((route) => route.method === 'GET' && !route.path.includes(':'))
    .map((route) => apiPath(route as Parameters<typeof apiPath>[0])),
);

/** Values of every kind the API's settings take, to find out whether it reads a name at all. */
const PROBE_VALUES = [
  'x'.repeat(48),
  'https://probe.example.com',
  'postgres://probe@127.0.0.1:5432/probe',
  'redis://127.0.0.1:6379',
  'smtp://127.0.0.1:25',
  'probe@example.com',
  '10',
  'true',
  '127.0.0.1',
];

/**
 * Whether the API's config schema has `key`: its loader keeps only the settings it knows, so a
 * name it drops for every kind of value is one it never reads (a typo, a removed setting).
 */
function isApiSetting(key: string): boolean {
  if (key in loadConfig({ DATABASE_URL: 'postgres://probe@127.0.0.1/probe' })) return true;
  return PROBE_VALUES.some((value) => {
    try {
      return key in loadConfig({ DATABASE_URL: 'postgres://probe@127.0.0.1/probe', [key]: value });
    } catch {
      return false;
    }
  });
}

/** Problems of an environment given to the API, the worker or the migrations in production. */
function apiEnvironmentProblems(where: string, env: Env): string[] {
  const problems = Object.keys(env)
    .filter((key) => !isApiSetting(key))
    .map((key) => `${where}: ${key} is not a setting of the API (app-config.ts)`);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    return [...problems, `${where}: the API refuses it: ${(error as Error).message}`];
  }
  if (config.NODE_ENV !== 'production') problems.push(`${where}: NODE_ENV is not production`);
  if (config.DEV_OUTBOX) problems.push(`${where}: DEV_OUTBOX is on`);
  // Several API processes share their rate limits only through Redis.
  if (!config.REDIS_URL) problems.push(`${where}: no REDIS_URL`);
  if (config.HOST !== '0.0.0.0') problems.push(`${where}: HOST must be 0.0.0.0 in a container`);
  return problems;
}

/** The gateway's process: what its image, compose.yaml, Kubernetes and `npm start` run. */
const GATEWAY_MAIN = 'services/gateway/src/main.ts';

/** The settings the gateway reads (its main.ts). */
const GATEWAY_SETTINGS = new Set(
  [...read(GATEWAY_MAIN).matchAll(/process\.env\.([A-Z_]+)/g)].map((m) => m[1] ?? ''),
);

/** The runtime images' bundler, as the Dockerfile's build stage runs it (built from src/deploy). */
const BUNDLE_CLI = 'services/gateway/dist/deploy/cli.js';

// --- What the build makes and the images carry ---------------------------------------------------

/** A TypeScript service (services/<name>): its npm scripts and where its build writes. */
function serviceBuild(service: string) {
  const pkg = JSON.parse(read(posix.join(service, 'package.json'))) as {
    scripts: Record<string, string>;
  };
  const build = JSON.parse(read(posix.join(service, 'tsconfig.build.json'))) as {
    compilerOptions: { outDir: string; rootDir: string };
  };
  return { scripts: pkg.scripts, ...build.compilerOptions };
}

/**
 * Problems of a compiled file of a service (services/api/dist/main.js): it has its source, and it
 * is one of the service's npm scripts (`node dist/main.js`), so the file runs where it is built.
 */
function builtFileProblems(where: string, file: string): string[] {
  const service = /^services\/[^/]+/.exec(file)?.[0];
  if (!service || !exists(posix.join(service, 'tsconfig.build.json'))) return [];
  const { scripts, outDir, rootDir } = serviceBuild(service);
  const dist = posix.join(service, outDir);
  if (!file.startsWith(`${dist}/`)) return [];
  const inDist = posix.relative(dist, file);
  const source = posix.join(service, rootDir, inDist).replace(/\.js$/, '.ts');
  const problems = exists(source) ? [] : [`${where}: ${file} is built from ${source}, missing`];
  const script = `node ${posix.join(outDir, inDist)}`;
  if (!Object.values(scripts).includes(script))
    problems.push(`${where}: no script of ${service}/package.json runs "${script}"`);
  return problems;
}

/**
 * Problems of a command run in an image built from Dockerfile target `target`: the file it runs
 * must be in that image (the gateway's runtime-bundle.ts) and made by the build (a compiled
 * service file has its source and is one of the service's npm scripts; a script exists).
 */
function commandProblems(where: string, target: string, command: unknown): string[] {
  const deployable = DEPLOYABLES[target as keyof typeof DEPLOYABLES];
  if (!deployable) return [`${where}: no runtime image "${target}" (${Object.keys(DEPLOYABLES)})`];
  if (!Array.isArray(command) || command[0] !== 'node')
    return [`${where}: the command must be node <file> (${JSON.stringify(command)})`];
  const file = String(command[1] ?? '');
  const problems: string[] = [];
  if (!deployable.files.some((f) => file === f || file.startsWith(`${f}/`)))
    problems.push(`${where}: ${file} is not in the ${target} image (runtime-bundle.ts)`);
  if (/^services\/[^/]+\/dist\//.test(file)) problems.push(...builtFileProblems(where, file));
  else if (!exists(file)) problems.push(`${where}: ${file} does not exist`);
  return problems;
}

// --- Dockerfile ----------------------------------------------------------------------------------

interface Stage {
  name: string;
  from: string;
  instructions: string[];
}

/** The Dockerfile's stages, continuation lines joined, comments left out. */
function dockerStages(text: string): { args: Env; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const args: Env = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[2] ?? '', from: from[1] ?? '', instructions: [] });
    else if (stages.length === 0 && /^ARG\s+(\w+)=(\S+)/.test(line)) {
      const [, name, value] = /^ARG\s+(\w+)=(\S+)/.exec(line) ?? [];
      if (name && value) args[name] = value;
    } else stages.at(-1)?.instructions.push(line);
  }
  return { args, stages };
}

const dockerfile = dockerStages(read('Dockerfile'));
const dockerTargets = new Set(dockerfile.stages.map((s) => s.name));

/** The JSON-array form of an instruction (CMD ["node", …]), or null. */
function execForm(instruction: string, keyword: string): string[] | null {
  const match = new RegExp(`^${keyword}\\s+(?:.*?\\s)?(?:CMD\\s+)?(\\[.*\\])$`, 'i').exec(
    instruction,
  );
  return match?.[1] ? (JSON.parse(match[1]) as string[]) : null;
}

/** The URL path a `node -e "fetch('http://127.0.0.1:…/path')…"` health check asks for. */
function fetchedPath(check: readonly unknown[]): string | null {
  const script = check.map(String).join(' ');
  return /fetch\('http:\/\/127\.0\.0\.1:[^/]*(\/[^']*)'/.exec(script)?.[1] ?? null;
}

/** Problems of a health check or probe that asks a deployable for `path`. */
function healthPathProblems(where: string, target: string, path: string | null): string[] {
  if (path === null) return [`${where}: no health check path found`];
  if (target === 'api')
    return API_GET_PATHS.has(path) ? [] : [`${where}: the API serves no GET ${path}`];
  // The gateway's own files: the shell's public folder is copied into its build.
  return exists(posix.join('apps/shell/public', path))
    ? []
    : [`${where}: ${path} is not a file the gateway serves (apps/shell/public)`];
}

function dockerfileProblems(docker: { args: Env; stages: Stage[] }): string[] {
  const problems: string[] = [];
  const names = new Set(docker.stages.map((s) => s.name));
  for (const stage of docker.stages) {
    const base = stage.from.replace(/^\$\{(\w+)\}$/, (_, arg: string) => docker.args[arg] ?? '');
    if (!names.has(base) && base !== 'node:20-bookworm-slim')
      problems.push(`stage ${stage.name}: FROM ${stage.from} is not node:20-bookworm-slim`);
  }
  const all = docker.stages.flatMap((s) => s.instructions);
  problems.push(...builtFileProblems('the build stage', BUNDLE_CLI));
  for (const target of Object.keys(DEPLOYABLES)) {
    const stage = docker.stages.find((s) => s.name === target);
    if (!stage) {
      problems.push(`no Dockerfile target "${target}"`);
      continue;
    }
    if (!all.some((i) => i.includes(`node ${BUNDLE_CLI} ${target} /bundle/${target}`)))
      problems.push(`${target}: the build does not write /bundle/${target}`);
    if (!stage.instructions.includes(`COPY --from=build /bundle/${target} /app`))
      problems.push(`${target}: does not copy /bundle/${target} to /app`);
    const user = stage.instructions.find((i) => /^USER\s/i.test(i))?.split(/\s+/)[1] ?? '';
    if (!/^[1-9]\d*(:\d+)?$/.test(user))
      problems.push(`${target}: USER must be a numeric non-root uid (found "${user}")`);
    const health = stage.instructions.find((i) => /^HEALTHCHECK\s/i.test(i));
    const check = health ? execForm(health, 'HEALTHCHECK') : null;
    if (!check) problems.push(`${target}: no HEALTHCHECK CMD`);
    else problems.push(...healthPathProblems(`${target} HEALTHCHECK`, target, fetchedPath(check)));
    const cmd = stage.instructions.find((i) => /^CMD\s/i.test(i));
    problems.push(...commandProblems(`${target} CMD`, target, cmd ? execForm(cmd, 'CMD') : null));
  }
  return problems;
}

/** Every workspace folder (the root package.json's globs: `libs/*`, `tests`, …). */
function workspaceFolders(): string[] {
  const { workspaces } = JSON.parse(read('package.json')) as { workspaces: string[] };
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(join(root, parent))
      .filter((name) => exists(posix.join(parent, name, 'package.json')))
      .map((name) => posix.join(parent, name));
  });
}

// --- compose.yaml --------------------------------------------------------------------------------

interface ComposeService {
  build?: { target?: string };
  image?: string;
  command?: string[];
  environment?: Env;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
  deploy?: { replicas?: number };
  profiles?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  networks?: Record<string, { ipam?: { config?: { subnet: string }[] } } | null>;
}

/**
 * Compose's variable substitution (${VAR}, ${VAR:-default}, ${VAR:?error}, $$) with `vars` as
 * the operator's environment; an unset ${VAR:?} throws, as `docker compose` does.
 */
function interpolate(value: string, vars: Env): string {
  return value
    .replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
      const set = vars[name];
      if (set) return set;
      if (op === '?') throw new Error(`${name} must be set: ${arg}`);
      return op === '-' ? (arg ?? '') : '';
    })
    .replace(/\$\$/g, '$');
}

const composeEnv = (service: ComposeService, vars: Env): Env =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]),
  );

const serviceNetworks = (service: ComposeService) =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {});

/** The IPv4 `address` is inside `cidr`. */
function inSubnet(address: string, cidr: string): boolean {
  const toInt = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const [net = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(toInt(address) / size) === Math.floor(toInt(net) / size);
}

/** The Dockerfile target a compose service's image comes from. */
function composeTarget(compose: Compose, service: ComposeService): string | undefined {
  if (service.build?.target) return service.build.target;
  return Object.values(compose.services).find((s) => s.image === service.image && s.build?.target)
    ?.build?.target;
}

const OPERATOR_VARS: Env = { JWT_SECRET: 's'.repeat(64), POSTGRES_PASSWORD: 'compose-test' };

function composeProblems(compose: Compose): string[] {
  const problems: string[] = [];
  const services = compose.services;
  for (const name of ['postgres', 'redis', 'migrate', 'api', 'worker', 'gateway'])
    if (!services[name]) problems.push(`compose: no service "${name}"`);
  const api = services.api ?? {};
  const gateway = services.gateway ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (service.image?.startsWith('slotwise/')) {
      const target = composeTarget(compose, service) ?? '';
      if (!dockerTargets.has(target))
        problems.push(`compose ${name}: Dockerfile has no target "${target}"`);
      problems.push(...commandProblems(`compose ${name}`, target, service.command));
      if (target === 'api')
        problems.push(
          ...apiEnvironmentProblems(`compose ${name}`, composeEnv(service, OPERATOR_VARS)),
        );
    }
    if (service.ports && name !== 'gateway') problems.push(`compose ${name}: publishes a port`);
  }
  for (const name of ['api', 'worker']) {
    const service = services[name] ?? {};
    if ((service.deploy?.replicas ?? 1) < 2)
      problems.push(`compose ${name}: fewer than 2 replicas`);
    if (service.depends_on?.migrate?.condition !== 'service_completed_successfully')
      problems.push(`compose ${name}: does not wait for migrate to complete`);
  }
  // Health checks: the API's route, the gateway's file, the worker's own process.
  problems.push(
    ...healthPathProblems(
      'compose api healthcheck',
      'api',
      fetchedPath(api.healthcheck?.test ?? []),
    ),
    ...healthPathProblems(
      'compose gateway healthcheck',
      'gateway',
      fetchedPath(gateway.healthcheck?.test ?? []),
    ),
  );
  const workerCheck = services.worker?.healthcheck?.test ?? [];
  if (!workerCheck.includes(services.worker?.command?.[1] ?? '(none)'))
    problems.push('compose worker healthcheck: does not look for the worker process');
  problems.push(...commandProblems('compose worker healthcheck', 'api', workerCheck.slice(1)));
  // The API believes X-Forwarded-For from the gateway alone, on a network they share.
  const apiEnv = composeEnv(api, OPERATOR_VARS);
  const edge = Object.entries(Array.isArray(gateway.networks) ? {} : (gateway.networks ?? {})).find(
    ([, n]) => n?.ipv4_address,
  );
  if (!edge) problems.push('compose gateway: no fixed address for TRUST_PROXY');
  else {
    const [network, settings] = edge;
    const address = settings?.ipv4_address ?? '';
    const subnet = compose.networks?.[network]?.ipam?.config?.[0]?.subnet ?? '';
    if (apiEnv.TRUST_PROXY !== address)
      problems.push(
        `compose api: TRUST_PROXY ${apiEnv.TRUST_PROXY} is not the gateway (${address})`,
      );
    if (!serviceNetworks(api).includes(network))
      problems.push(`compose api: not on the gateway's network ${network}`);
    if (!subnet || !inSubnet(address, subnet))
      problems.push(`compose gateway: ${address} is not in ${network}'s subnet ${subnet}`);
  }
  // The gateway's settings, and its upstream: the api service on the API's port.
  const gatewayEnv = composeEnv(gateway, OPERATOR_VARS);
  for (const key of Object.keys(gatewayEnv))
    if (!GATEWAY_SETTINGS.has(key))
      problems.push(`compose gateway: ${key} is not read by ${GATEWAY_MAIN}`);
  if (gatewayEnv.API_UPSTREAM !== `http://api:${apiEnv.PORT}`)
    problems.push(
      `compose gateway: API_UPSTREAM ${gatewayEnv.API_UPSTREAM} is not the api service`,
    );
  return problems;
}

// --- Kubernetes ----------------------------------------------------------------------------------

interface Probe {
  httpGet?: { path: string; port: string | number };
  exec?: { command: string[] };
  tcpSocket?: { port: string | number };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Env; limits?: Env };
  securityContext?: { allowPrivilegeEscalation?: boolean };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  volumes?: { name: string; configMap?: { name: string } }[];
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Env };
  spec?: {
    template?: { metadata?: { labels?: Env }; spec: PodSpec };
    selector?: Env | { matchLabels?: Env };
    podSelector?: { matchLabels?: Env };
    scaleTargetRef?: { kind: string; name: string };
    replicas?: number;
    minReplicas?: number;
    ports?: { name?: string; port: number; targetPort?: string | number }[];
  };
}
interface Generator {
  name: string;
  behavior?: string;
  literals?: string[];
  files?: string[];
}
interface Kustomization {
  resources?: string[];
  patches?: { path: string }[];
  configMapGenerator?: Generator[];
  images?: { name: string }[];
  replicas?: { name: string }[];
}

const readKustomization = (dir: string) =>
  readYaml(`${dir}/kustomization.yaml`)[0] as Kustomization;

/** The objects a kustomization's own resource files declare (other kustomizations left out). */
function kustomizeObjects(dir: string, k: Kustomization): K8sObject[] {
  return (k.resources ?? [])
    .filter((r) => exists(posix.join(dir, r)) && statSync(join(root, dir, r)).isFile())
    .flatMap((r) => readYaml(posix.join(dir, r)) as K8sObject[]);
}

function literals(generator: Generator | undefined): Env {
  return Object.fromEntries(
    (generator?.literals ?? []).map((l) => [
      l.slice(0, l.indexOf('=')),
      l.slice(l.indexOf('=') + 1),
    ]),
  );
}

/** KEY=value lines of an env file. */
function envFile(path: string): Env {
  return Object.fromEntries(
    read(path)
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

const podSpec = (o: K8sObject) => o.spec?.template?.spec;
const allContainers = (spec: PodSpec) => [...(spec.initContainers ?? []), ...spec.containers];
/** The Dockerfile target an image name stands for: slotwise/<target>. */
const imageTarget = (image: string) => /^slotwise\/([a-z-]+)$/.exec(image)?.[1] ?? `(${image})`;
const matches = (selector: Env | undefined, labels: Env | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

const BASE = 'deploy/k8s/base';
const PRODUCTION = 'deploy/k8s/overlays/production';
const SECRETS_EXAMPLE = 'deploy/k8s/secrets.example.env';

function probeProblems(where: string, container: Container, target: string): string[] {
  const problems: string[] = [];
  const probes = { readiness: container.readinessProbe, liveness: container.livenessProbe };
  for (const [kind, probe] of Object.entries(probes)) {
    if (!probe) {
      problems.push(`${where}: no ${kind} probe`);
      continue;
    }
    if (probe.httpGet) {
      const port = probe.httpGet.port;
      if (!container.ports?.some((p) => p.name === port || p.containerPort === port))
        problems.push(`${where}: ${kind} probe port ${port} is not a container port`);
      problems.push(...healthPathProblems(`${where} ${kind} probe`, target, probe.httpGet.path));
    } else if (probe.exec) {
      const command = probe.exec.command;
      problems.push(...commandProblems(`${where} ${kind} probe`, target, command));
      if (!command.includes(container.command?.[1] ?? '(none)'))
        problems.push(`${where}: ${kind} probe does not look for the container's own process`);
    } else problems.push(`${where}: ${kind} probe is neither an HTTP call nor a command`);
  }
  for (const probe of [container.startupProbe].filter(Boolean) as Probe[])
    if (probe.httpGet)
      problems.push(...healthPathProblems(`${where} startup probe`, target, probe.httpGet.path));
  return problems;
}

function baseProblems(objects: K8sObject[], k: Kustomization): string[] {
  const problems: string[] = [];
  const generators = new Map((k.configMapGenerator ?? []).map((g) => [g.name, g]));
  for (const r of k.resources ?? [])
    if (!exists(posix.join(BASE, r))) problems.push(`base: ${r} is missing`);
  for (const g of generators.values())
    for (const f of g.files ?? [])
      if (!exists(posix.join(BASE, f))) problems.push(`base: ${g.name}'s file ${f} is missing`);
  const byKind = (kind: string) => objects.filter((o) => o.kind === kind);
  const deployments = byKind('Deployment');
  const component = (o: K8sObject) =>
    o.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'];
  for (const name of ['api', 'worker', 'gateway'])
    if (!deployments.some((d) => component(d) === name))
      problems.push(`base: no Deployment for ${name}`);
  if (!byKind('Job').some((j) => component(j) === 'migrate'))
    problems.push('base: no migration Job');

  const config = literals(generators.get('slotwise-config'));
  for (const workload of [...deployments, ...byKind('Job')]) {
    const spec = podSpec(workload);
    const name = workload.metadata.name;
    if (!spec) {
      problems.push(`${name}: no pod template`);
      continue;
    }
    if (spec.securityContext?.runAsNonRoot !== true || !spec.securityContext.runAsUser)
      problems.push(`${name}: pods must run as a non-root uid`);
    for (const container of allContainers(spec)) {
      const where = `${name}/${container.name}`;
      const target = imageTarget(container.image);
      problems.push(...commandProblems(where, target, container.command));
      const { requests, limits } = container.resources ?? {};
      if (!requests?.cpu || !requests.memory || !limits?.memory)
        problems.push(`${where}: needs cpu and memory requests and a memory limit`);
      if (container.securityContext?.allowPrivilegeEscalation !== false)
        problems.push(`${where}: allowPrivilegeEscalation must be false`);
      for (const from of container.envFrom ?? []) {
        const ref = from.configMapRef?.name;
        if (ref && !generators.has(ref)) problems.push(`${where}: no ConfigMap ${ref}`);
        const secret = from.secretRef?.name;
        if (secret && !read(SECRETS_EXAMPLE).includes(secret))
          problems.push(`${where}: Secret ${secret} is not the one ${SECRETS_EXAMPLE} describes`);
      }
    }
    // Probes for the long-running containers (a Job's pod runs once).
    if (workload.kind === 'Deployment')
      for (const container of spec.containers)
        problems.push(
          ...probeProblems(`${name}/${container.name}`, container, imageTarget(container.image)),
        );
    // The API and the worker start only on a schema with their build's migrations.
    if (
      ['api', 'worker'].includes(component(workload) ?? '') &&
      !spec.initContainers?.some((c) => c.command?.[1] === 'scripts/wait-for-migrations.mjs')
    )
      problems.push(`${name}: does not wait for the migrations`);
  }
  // The ConfigMap and the Secret's described keys make a valid production configuration.
  problems.push(
    ...apiEnvironmentProblems('base slotwise-config + secrets', {
      ...config,
      ...envFile(SECRETS_EXAMPLE),
    }),
  );

  // Selectors find pods, and the HPA scales the API.
  const podLabels = deployments.map((d) => d.spec?.template?.metadata?.labels);
  for (const o of objects) {
    const selector =
      o.kind === 'Service'
        ? (o.spec?.selector as Env | undefined)
        : o.kind === 'NetworkPolicy'
          ? o.spec?.podSelector?.matchLabels
          : (o.spec?.selector as { matchLabels?: Env } | undefined)?.matchLabels;
    if (
      ['Service', 'NetworkPolicy', 'PodDisruptionBudget', 'Deployment'].includes(o.kind) &&
      !podLabels.some((labels) => matches(selector, labels))
    )
      problems.push(`${o.kind} ${o.metadata.name}: its selector matches no Deployment's pods`);
  }
  const hpa = byKind('HorizontalPodAutoscaler')[0];
  const scaled = deployments.find((d) => d.metadata.name === hpa?.spec?.scaleTargetRef?.name);
  if (
    !hpa ||
    hpa.spec?.scaleTargetRef?.kind !== 'Deployment' ||
    !scaled ||
    component(scaled) !== 'api'
  )
    problems.push('base: no HorizontalPodAutoscaler for the API Deployment');
  // A replica count in the Deployment would be reset by every apply, against the autoscaler.
  else if (scaled.spec?.replicas !== undefined)
    problems.push(`${scaled.metadata.name}: sets replicas, which its autoscaler owns`);
  if ((hpa?.spec?.minReplicas ?? 1) < 2) problems.push('base: the API autoscaler allows one pod');

  // The gateway: its settings, its upstream (the API Service on the API's port), its remotes.json.
  const gateway = deployments.find((d) => component(d) === 'gateway');
  const container = gateway && podSpec(gateway)?.containers[0];
  const env = Object.fromEntries((container?.env ?? []).map((e) => [e.name, e.value ?? '']));
  for (const key of Object.keys(env))
    if (!GATEWAY_SETTINGS.has(key)) problems.push(`gateway: ${key} is not read by ${GATEWAY_MAIN}`);
  const upstream = /^http:\/\/([^:/]+):(\d+)$/.exec(env.API_UPSTREAM ?? '');
  const apiService = byKind('Service').find((s) => s.metadata.name === upstream?.[1]);
  const servicePort = apiService?.spec?.ports?.find((p) => p.port === Number(upstream?.[2]));
  const api = deployments.find((d) => component(d) === 'api');
  const apiPort = podSpec(api ?? ({} as K8sObject))?.containers[0]?.ports?.find(
    (p) => p.name === servicePort?.targetPort || p.containerPort === servicePort?.targetPort,
  );
  if (
    !apiService ||
    !servicePort ||
    !matches(apiService.spec?.selector as Env, api?.spec?.template?.metadata?.labels)
  )
    problems.push(`gateway: API_UPSTREAM ${env.API_UPSTREAM} is not the API's Service and port`);
  else if (String(apiPort?.containerPort) !== config.PORT)
    problems.push(`gateway: the API Service's port does not reach the API's PORT ${config.PORT}`);
  const mount = container?.volumeMounts?.find((m) =>
    env.REMOTES_CONFIG?.startsWith(`${m.mountPath}/`),
  );
  const volume = podSpec(gateway ?? ({} as K8sObject))?.volumes?.find(
    (v) => v.name === mount?.name,
  );
  const remotesFile = env.REMOTES_CONFIG?.slice((mount?.mountPath.length ?? 0) + 1) ?? '';
  const remotes = generators.get(volume?.configMap?.name ?? '');
  if (!remotes?.files?.includes(remotesFile))
    problems.push(
      `gateway: REMOTES_CONFIG ${env.REMOTES_CONFIG} is not a file of a mounted ConfigMap`,
    );
  else {
    const json = JSON.parse(read(posix.join(BASE, remotesFile))) as Env;
    for (const name of REMOTE_NAMES)
      if (json[name] !== `/remotes/${name}/mf-manifest.json`)
        problems.push(`gateway: remotes.json does not list ${name}'s manifest`);
  }
  return problems;
}

function overlayProblems(
  dir: string,
  overlay: Kustomization,
  base: K8sObject[],
  baseK: Kustomization,
): string[] {
  const problems: string[] = [];
  for (const r of overlay.resources ?? [])
    if (!exists(posix.join(dir, r))) problems.push(`${dir}: ${r} is missing`);
  if (!overlay.resources?.includes('../../base'))
    problems.push(`${dir}: does not build on the base`);
  const has = (kind: string, name: string) =>
    base.find((o) => o.kind === kind && o.metadata.name === name);
  for (const patch of overlay.patches ?? []) {
    if (!exists(posix.join(dir, patch.path))) {
      problems.push(`${dir}: patch ${patch.path} is missing`);
      continue;
    }
    for (const p of readYaml(posix.join(dir, patch.path)) as K8sObject[]) {
      const target = has(p.kind, p.metadata.name);
      if (!target) {
        problems.push(`${patch.path}: the base has no ${p.kind} ${p.metadata.name}`);
        continue;
      }
      // A strategic merge on a container name the base lacks would add a container silently.
      const names = new Set(podSpec(target)?.containers.map((c) => c.name));
      for (const c of p.spec?.template?.spec?.containers ?? [])
        if (!names.has(c.name))
          problems.push(`${patch.path}: ${p.metadata.name} has no container ${c.name}`);
    }
  }
  const autoscaled = base
    .filter((o) => o.kind === 'HorizontalPodAutoscaler')
    .map((o) => o.spec?.scaleTargetRef?.name);
  for (const r of overlay.replicas ?? []) {
    if (!has('Deployment', r.name))
      problems.push(`${dir}: replicas for unknown Deployment ${r.name}`);
    if (autoscaled.includes(r.name))
      problems.push(`${dir}: replicas for ${r.name}, whose autoscaler owns the count`);
  }
  const images = new Set(
    base.flatMap((o) =>
      podSpec(o) ? allContainers(podSpec(o) as PodSpec).map((c) => c.image) : [],
    ),
  );
  for (const i of overlay.images ?? [])
    if (!images.has(i.name)) problems.push(`${dir}: no base container runs ${i.name}`);
  const generators = new Map((baseK.configMapGenerator ?? []).map((g) => [g.name, g]));
  for (const g of overlay.configMapGenerator ?? []) {
    const baseGenerator = generators.get(g.name);
    if (g.behavior === 'merge' && !baseGenerator)
      problems.push(`${dir}: merges into unknown ConfigMap ${g.name}`);
    if (g.name === 'slotwise-config')
      problems.push(
        ...apiEnvironmentProblems(`${dir} slotwise-config + secrets`, {
          ...literals(baseGenerator),
          ...literals(g),
          ...envFile(SECRETS_EXAMPLE),
        }),
      );
  }
  return problems;
}

// --- The tests -----------------------------------------------------------------------------------

const compose = readYaml('compose.yaml')[0] as Compose;
const baseK = readKustomization(BASE);
const baseObjects = kustomizeObjects(BASE, baseK);
const productionK = readKustomization(PRODUCTION);

/** A deep copy to break. */
const copy = <T>(value: T): T => structuredClone(value);

describe('Dockerfile', () => {
  it('builds each deployable as a non-root target with a health check and a command it carries', () => {
    assert.deepEqual(dockerfileProblems(dockerfile), []);
  });

  it('installs every workspace, whose manifests npm ci needs', () => {
    const text = read('Dockerfile');
    const copied = [...text.matchAll(/^COPY (\S+)\/package\.json \1\/$/gm)].map((m) => m[1]);
    assert.deepEqual(copied.sort(), workspaceFolders().sort());
    assert.match(text, /RUN npm ci [^\n]*\\\n\s*\|\| npm install/);
    assert.match(text, /RUN npm run build/);
    assert.ok(JSON.parse(read('package.json')).scripts.build, 'the root has a build script');
  });

  it('catches a broken target', () => {
    const broken = copy(dockerfile);
    const api = broken.stages.find((s) => s.name === 'api') as Stage;
    api.instructions = api.instructions.map((i) =>
      i
        .replace('/api/health', '/api/helth')
        .replace('USER 1000:1000', 'USER node')
        .replace('dist/main.js', 'dist/mian.js'),
    );
    const problems = dockerfileProblems(broken).join('\n');
    assert.match(problems, /the API serves no GET \/api\/helth/);
    assert.match(problems, /numeric non-root uid/);
    assert.match(problems, /mian\.ts, missing/);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, the migrations, two APIs, two workers and the gateway as built', () => {
    assert.deepEqual(composeProblems(compose), []);
  });

  it('has no default JWT secret or database password', () => {
    for (const key of Object.keys(OPERATOR_VARS)) {
      const { [key]: _unset, ...vars } = OPERATOR_VARS;
      assert.throws(
        () => composeEnv(compose.services.api ?? {}, vars),
        new RegExp(`${key} must be set`),
      );
    }
  });

  it('catches a broken file', () => {
    const broken = copy(compose);
    const api = broken.services.api as ComposeService;
    api.healthcheck = { test: ['CMD', 'node', '-e', "fetch('http://127.0.0.1:3000/api/healthz')"] };
    api.environment = { ...api.environment, DEV_OUTBOX: 'true', RATE_LIMIT: '5' };
    (broken.services.worker as ComposeService).command = ['node', 'services/api/dist/workers.js'];
    delete broken.services.migrate;
    const problems = composeProblems(broken).join('\n');
    assert.match(problems, /the API serves no GET \/api\/healthz/);
    assert.match(problems, /RATE_LIMIT is not a setting of the API/);
    assert.match(problems, /DEV_OUTBOX=true is refused/);
    assert.match(problems, /workers\.ts, missing/);
    assert.match(problems, /no service "migrate"/);
  });
});

describe('Kubernetes base', () => {
  it('names every deployable, with probes, resources and settings the code has', () => {
    assert.deepEqual(baseProblems(baseObjects, baseK), []);
  });

  it('catches a broken manifest', () => {
    const broken = copy(baseObjects);
    const api = broken.find((o) => o.kind === 'Deployment' && o.metadata.name === 'slotwise-api');
    const container = podSpec(api as K8sObject)?.containers[0] as Container;
    container.readinessProbe = { httpGet: { path: '/api/heath', port: 'http' } };
    container.livenessProbe = { httpGet: { path: '/api/auth/providers', port: 'web' } };
    delete container.resources;
    const hpa = broken.find((o) => o.kind === 'HorizontalPodAutoscaler') as K8sObject;
    hpa.spec = { scaleTargetRef: { kind: 'Deployment', name: 'slotwise-web' } };
    const problems = baseProblems(broken, baseK).join('\n');
    assert.match(problems, /the API serves no GET \/api\/heath/);
    assert.match(problems, /port web is not a container port/);
    assert.match(problems, /needs cpu and memory requests/);
    assert.match(problems, /no HorizontalPodAutoscaler for the API/);
  });
});

describe('Kubernetes production overlay', () => {
  it('patches what the base has, with valid production settings', () => {
    assert.deepEqual(overlayProblems(PRODUCTION, productionK, baseObjects, baseK), []);
  });

  it('catches a patch of something the base lacks', () => {
    const broken = copy(productionK);
    broken.replicas = [...(broken.replicas ?? []), { name: 'slotwise-web' }];
    broken.images = [{ name: 'slotwise/web' }];
    broken.configMapGenerator = [
      { name: 'slotwise-config', behavior: 'merge', literals: ['TRUST_PROXY=true'] },
    ];
    const problems = overlayProblems(PRODUCTION, broken, baseObjects, baseK).join('\n');
    assert.match(problems, /replicas for unknown Deployment slotwise-web/);
    assert.match(problems, /no base container runs slotwise\/web/);
    assert.match(problems, /TRUST_PROXY must name the proxy/);
  });
});

describe('runtime images', () => {
  /** Bare package names a file imports at run time (type-only imports left out). */
  function runtimeImports(file: string): string[] {
    const text = readFileSync(file, 'utf8');
    const specifiers = [
      ...text.matchAll(/^\s*import\s+(?!type\s)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1] ?? '');
    return specifiers
      .filter((s) => !s.startsWith('.') && !s.startsWith('node:'))
      .map((s) =>
        s
          .split('/')
          .slice(0, s.startsWith('@') ? 2 : 1)
          .join('/'),
      );
  }
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
      return /\.(ts|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
    });

  for (const [name, deployable] of Object.entries(DEPLOYABLES)) {
    it(`the ${name} image carries every package its code imports`, () => {
      const carried = new Set(runtimePackages(name as keyof typeof DEPLOYABLES).map((p) => p.out));
      const files = deployable.files.flatMap((f) => {
        // Built folders are checked through their sources (a service's src/); the apps' bundles
        // import nothing at run time.
        const source = f.replace(/^(services\/[^/]+)\/dist$/, '$1/src');
        if (source.startsWith('apps/')) return [];
        return statSync(join(root, source)).isDirectory()
          ? sources(join(root, source))
          : [join(root, source)];
      });
      assert.ok(files.length > 0);
      const missing = files.flatMap((file) =>
        runtimeImports(file)
          .filter((pkg) => !carried.has(`node_modules/${pkg}`))
          .map((pkg) => `${relative(root, file)} imports ${pkg}`),
      );
      assert.deepEqual([...new Set(missing)], []);
    });
  }
});

describe('the gateway in front', () => {
  it('caches hashed files for a year and revalidates pages, manifests and remotes.json', () => {
    // The builds' file names (apps/rspack.base.mjs): [name].[contenthash:8].js, remoteEntry.js.
    const rspack = read('apps/rspack.base.mjs');
    assert.match(rspack, /filename: production \? '\[name\]\.\[contenthash:8\]\.js'/);
    assert.match(rspack, /filename: 'remoteEntry\.js'/);
    for (const hashed of ['main.0a1b2c3d.js', '156.f0d86775.js.br', 'main.0a1b2c3d.css.gz'])
      assert.equal(
        cacheControlFor(`/remotes/booking/${hashed}`),
        'public, max-age=31536000, immutable',
      );
    for (const revalidated of [
      '/index.html',
      '/remotes.json',
      '/remotes/booking/mf-manifest.json',
      '/remotes/booking/remoteEntry.js',
      '/robots.txt',
    ])
      assert.equal(cacheControlFor(revalidated), 'no-cache', revalidated);
    assert.match(
      read('services/gateway/src/server.ts'),
      /app\.get\('\/remotes\.json'[^]*?'Cache-Control', 'no-cache'/,
    );
  });
});

describe('the gateway project (services/gateway)', () => {
  const gatewayPackage = JSON.parse(read('services/gateway/package.json')) as {
    name: string;
    exports: Record<string, { import: string }>;
    scripts: Record<string, string>;
  };

  it('is what every start of the gateway runs: its build, not its sources', () => {
    // npm start supervises the built main.js (the one the image runs), as the package's start.
    const started = /supervise\('web', 'node', \['([^']+)'\]/.exec(read('scripts/start.mjs'))?.[1];
    assert.equal(started, 'services/gateway/dist/main.js');
    assert.deepEqual(builtFileProblems('npm start', started), []);
    // The browser tests and benchmarks import the package, whose exports are its dist/; Nx builds
    // it before them because the tests' package depends on it.
    for (const entry of Object.values(gatewayPackage.exports))
      assert.match(entry.import, /^\.\/dist\//);
    for (const file of ['tests/support/stack.ts', 'bench/lighthouse.ts'])
      assert.match(read(file), new RegExp(`from '${gatewayPackage.name}'`), file);
    const e2e = JSON.parse(read('tests/package.json')) as { devDependencies: Env };
    assert.ok(e2e.devDependencies[gatewayPackage.name], 'tests/package.json depends on it');
    assert.ok(!exists('scripts/gateway.mjs') && !exists('scripts/serve.mjs'));
  });

  it("builds, checks and tests itself, and builds its image from the Dockerfile's target", () => {
    for (const script of ['build', 'typecheck', 'lint', 'test'])
      assert.ok(gatewayPackage.scripts[script], `no ${script} script`);
    const docker = /--target (\S+)/.exec(gatewayPackage.scripts.docker ?? '')?.[1];
    assert.equal(docker, 'gateway');
    assert.ok(dockerTargets.has(docker));
  });
});

describe('docs/deploy.md', () => {
  it('lists every setting of the API, the gateway, the deployment helpers and npm start', () => {
    const docs = read('docs/deploy.md');
    const apiKeys = [
      ...read('services/api/src/core/config/app-config.ts').matchAll(
        /^ {4}([A-Z][A-Z0-9_]+): z\./gm,
      ),
    ].map((m) => m[1] ?? '');
    assert.ok(apiKeys.length >= 30, `only ${apiKeys.length} settings found in app-config.ts`);
    assert.deepEqual(
      apiKeys.filter((key) => !isApiSetting(key)),
      [],
    );
    const readers = [
      GATEWAY_MAIN,
      'scripts/start.mjs',
      'scripts/wait-for-migrations.mjs',
      'apps/rspack.base.mjs',
    ];
    const others = readers.flatMap((file) =>
      [...read(file).matchAll(/process\.env\.([A-Z_]+)/g)].map((m) => m[1] ?? ''),
    );
    const composeVars = [...read('compose.yaml').matchAll(/\$\{(\w+)/g)].map((m) => m[1] ?? '');
    const missing = [...new Set([...apiKeys, ...others, ...composeVars])].filter(
      (key) => !docs.includes(`\`${key}\``),
    );
    assert.deepEqual(missing, []);
  });
});
