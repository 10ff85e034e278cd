// The round-robin proxy in front of the replicas, as README shows it ("Several replicas").
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';

type NginxConfigOptions = {
  /** host:port the proxy listens on. */
  listen: string;
  /** host:port of each replica. */
  upstreams: string[];
  /** Folder for the pid file and temporary files (nginx's -p prefix). */
  prefix: string;
};

/**
 * The `http` block is what a deployment needs; the lines around it only let nginx run as a child
 * process in a temporary folder.
 */
export function nginxConfig({ listen, upstreams, prefix }: NginxConfigOptions): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(prefix, `${name}-temp`)};`;
  return `daemon off;
worker_processes 1;
pid ${path.join(prefix, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 256; }

http {
  access_log off;
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}

  # Round robin over the replicas. No upstream keepalive: a replica that is shutting down refuses new
  # connections, and nginx then tries the next replica, for POSTs too (nothing was sent yet).
  upstream portal {
${upstreams.map((server) => `    server ${server};`).join('\n')}
  }

  server {
    listen ${listen};
    client_max_body_size 2m;

    # Prometheus scrapes each replica on its own port; the public origin has no metrics.
    location = /metrics { return 404; }

    location / {
      proxy_pass http://portal;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A replica that refuses the connection or times out: the request goes to the next one. nginx
      # never passes on a POST or PUT it has already sent; the SPA sends that again itself, with its
      # Idempotency-Key, which makes it safe.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      # The census streams as it is written.
      proxy_buffering off;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

/** nginx from the Debian package; installed when missing and this process may do so. */
export function ensureNginx(): void {
  const found = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  if (found.status === 0) return;
  if (process.getuid?.() !== 0) throw new Error('nginx is not installed (apt-get install nginx)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  }
  if (install.status !== 0) throw new Error('installing nginx failed');
}

/** Starts nginx in the foreground with the config above; the caller ends it. */
export async function startNginx(
  opts: NginxConfigOptions,
): Promise<{ process: ChildProcess; log: string[]; exited: Promise<number | null> }> {
  // Workers run as an unprivileged user when nginx is started as root; they need to reach the folder.
  await chmod(opts.prefix, 0o755);
  const file = path.join(opts.prefix, 'nginx.conf');
  await writeFile(file, nginxConfig(opts));
  const log: string[] = [];
  const child = spawn('nginx', ['-c', file, '-p', opts.prefix, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => log.push(String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => log.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, log, exited };
}
