// Writes .br and .gz next to every text asset of the web build, served by @fastify/static (preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|css|html|svg|json|txt|map)$/;

function walk(p) {
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    const full = path.join(p, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name) && !entry.name.endsWith('index.html')) {
      const data = fs.readFileSync(full);
      if (data.length < 512) continue;
      fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
    }
  }
}
walk(dir);
