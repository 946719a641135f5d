import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogQuery, AuditRecord } from '../../../../common/schemas/audit-log.ts';
import { apiGetPage, queryString } from '../../../lib/api-client.ts';

/** A page of the audit trail, newest first, narrowed as the Audit page's filters say (ADR 043). */
export function useAuditLog(query: Partial<AuditLogQuery>) {
  return useQuery({
    queryKey: ['audit-log', query] as const,
    queryFn: ({ signal }) => apiGetPage<AuditRecord>(`/api/audit-log${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
