/** How comments look to the clients (shared by journals, custom fields and comments). */
import { isCommentEditable, type FieldComment } from '@klinik/core';
import type { FieldCommentDoc } from '../../models/index.js';

export function toComment(comment: FieldCommentDoc, now: number): FieldComment {
  return {
    id: comment._id.toString(),
    clientId: comment.clientId.toString(),
    journalId: comment.journalId ? comment.journalId.toString() : null,
    customFieldId: comment.customFieldId ? comment.customFieldId.toString() : null,
    customFieldName: comment.customFieldName,
    value: comment.value,
    createdBy: comment.createdBy,
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    editable: isCommentEditable(comment.createdAt, now),
  };
}
