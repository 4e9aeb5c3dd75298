import { Module } from '@nestjs/common';
import { ApiDocsController } from './controllers/api-docs.controller.js';
import { ApiDocsService } from './services/api-docs.service.js';

@Module({ controllers: [ApiDocsController], providers: [ApiDocsService] })
export class ApiDocsModule {}
