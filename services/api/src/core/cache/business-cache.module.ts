import { Global, Module } from '@nestjs/common';
import { BusinessChangeListener } from './business-change.listener.js';
import { BusinessCache } from './business-cache.js';

/** The API process's cache of what public pages read, and the listener that keeps it true. */
@Global()
@Module({
  providers: [BusinessCache, BusinessChangeListener],
  exports: [BusinessCache, BusinessChangeListener],
})
export class BusinessCacheModule {}
