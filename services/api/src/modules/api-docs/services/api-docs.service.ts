import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Injectable } from '@nestjs/common';
import { buildOpenApiDocument, type OpenApiDocument } from '@slotwise/contracts/openapi';
import { renderDocsPage } from './docs-page.js';

/** The API package's version; the same relative path works from src/ (tests) and dist/. */
function apiVersion(): string {
  try {
    const url = new URL('../../../../package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** A body served as is, with the validator that lets clients revalidate it. */
export interface CachedBody {
  body: string;
  etag: string;
}

const cached = (body: string): CachedBody => ({
  body,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/**
 * The document and its page, built once per process on first use: both depend only on the
 * contracts this process was built with.
 */
@Injectable()
export class ApiDocsService {
  private built?: { document: OpenApiDocument; json: CachedBody; page: CachedBody };

  private build() {
    if (!this.built) {
      const document = buildOpenApiDocument({ version: apiVersion() });
      this.built = {
        document,
        json: cached(JSON.stringify(document)),
        page: cached(renderDocsPage(document)),
      };
    }
    return this.built;
  }

  document(): OpenApiDocument {
    return this.build().document;
  }

  json(): CachedBody {
    return this.build().json;
  }

  page(): CachedBody {
    return this.build().page;
  }
}
