/**
 * The drive panel's work on the clinic's folder (spec 2 §7 Storage: quota read, list, create, upload, delete files and
 * folders; Drive quota). Everything happens inside the clinic's folder on the caller's own drive: a folder or file is
 * used only when its parents lead up to that folder (with the drive.file scope the app sees nothing else anyway).
 */
import { readFile } from 'node:fs/promises';
import { DRIVE_LIST_MAX, DRIVE_UPLOAD_MAX_BYTES, DRIVE_UPLOAD_MAX_FILES, driveGb, driveMessages, type DriveFolder, type DriveItem, type DriveQuota, type ParsedInput } from '@klinik/core';
import type { TherapistContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { DriveItemWire, DriveProvider } from '../../adapters/drive/provider.js';
import { driveConnectionFilter, findOrMakeFolder, requireConnection, withDrive, type LiveConnection } from './connection.js';

/** How deep a folder may lie below the clinic's folder (the walk up its parents stops here). */
const MAX_DEPTH = 20;

function toItem(item: DriveItemWire): DriveItem {
  return { id: item.id, name: item.name, isFolder: item.isFolder, mimeType: item.mimeType, size: item.size, modifiedTime: item.modifiedTime };
}

/** The clinic's folder, made again when the user deleted it in Drive. */
async function clinicFolder(ctx: TherapistContext, connection: LiveConnection, access: string, drive: DriveProvider): Promise<DriveItemWire> {
  const folder = await drive.get(access, connection.folderId);
  if (folder?.isFolder) return folder;
  const made = await findOrMakeFolder(ctx, access);
  await ctx.db.DriveConnection.updateOne(driveConnectionFilter(ctx), { $set: { folderId: made.id } });
  connection.folderId = made.id;
  return made;
}

/** The item and the way down to it from the clinic's folder; 404 when it lies outside. */
async function inside(access: string, drive: DriveProvider, root: DriveItemWire, id: string): Promise<{ item: DriveItemWire; path: DriveItemWire[] }> {
  if (id === root.id) return { item: root, path: [root] };
  const item = await drive.get(access, id);
  if (!item) throw new NotFoundError(driveMessages.notFound);
  const path: DriveItemWire[] = [item];
  let current = item;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const parentId = current.parents[0];
    if (!parentId) break;
    if (parentId === root.id) return { item, path: [root, ...path.reverse()] };
    const parent = await drive.get(access, parentId);
    if (!parent) break;
    path.push(parent);
    current = parent;
  }
  throw new NotFoundError(driveMessages.notFound);
}

async function folderFor(access: string, drive: DriveProvider, root: DriveItemWire, id: string | undefined): Promise<{ folder: DriveItemWire; path: DriveItemWire[] }> {
  if (!id) return { folder: root, path: [root] };
  const { item, path } = await inside(access, drive, root, id);
  if (!item.isFolder) throw new NotFoundError(driveMessages.notFound);
  return { folder: item, path };
}

export async function driveQuota(ctx: TherapistContext): Promise<DriveQuota> {
  const connection = await requireConnection(ctx);
  const about = await withDrive(ctx, connection, (access, drive) => drive.about(access));
  return {
    limitInGB: driveGb(about.limit),
    usageInGB: driveGb(about.usage) ?? 0,
    usageInDriveInGB: driveGb(about.usageInDrive) ?? 0,
    usageInDriveTrashInGB: driveGb(about.usageInDriveTrash) ?? 0,
    limitBytes: about.limit,
    usageBytes: about.usage,
  };
}

export async function listDriveFolder(ctx: TherapistContext, input: ParsedInput<'getGoogleDriveFiles'>): Promise<DriveFolder> {
  const connection = await requireConnection(ctx);
  return withDrive(ctx, connection, async (access, drive) => {
    const root = await clinicFolder(ctx, connection, access, drive);
    const { folder, path } = await folderFor(access, drive, root, input.folderId);
    const { items, truncated } = await drive.list(access, folder.id, DRIVE_LIST_MAX);
    return {
      folder: { id: folder.id, name: folder.name },
      path: path.map((step) => ({ id: step.id, name: step.name })),
      items: items.map(toItem),
      truncated,
    };
  });
}

export async function createDriveFolder(ctx: TherapistContext, input: ParsedInput<'createGoogleDriveFolder'>): Promise<DriveItem> {
  const connection = await requireConnection(ctx);
  return withDrive(ctx, connection, async (access, drive) => {
    const root = await clinicFolder(ctx, connection, access, drive);
    const { folder } = await folderFor(access, drive, root, input.parentId);
    return toItem(await drive.createFolder(access, { name: input.name, parentId: folder.id }));
  });
}

/** A file name as the drive gets it: no path separators or control characters. */
export function driveFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  return name.replace(/[\\/\u0000-\u001f\u007f"]/g, '_').trim().slice(0, 200) || 'fil';
}

/** A MIME type as the browser named it, when it looks like one; else octet-stream. */
function mimeTypeOf(value: string): string {
  return /^[\w.+-]{1,60}\/[\w.+-]{1,100}$/.test(value) ? value : 'application/octet-stream';
}

export async function uploadDriveFiles(ctx: TherapistContext, input: ParsedInput<'uploadGoogleDriveFile'>): Promise<DriveItem[]> {
  const connection = await requireConnection(ctx);
  const files = ctx.files;
  if (files.length === 0) throw new ValidationError(driveMessages.fileRequired, { files: driveMessages.fileRequired });
  if (files.length > DRIVE_UPLOAD_MAX_FILES) throw new ValidationError(driveMessages.tooManyFiles, { files: driveMessages.tooManyFiles });
  if (files.some((file) => file.size > DRIVE_UPLOAD_MAX_BYTES)) throw new ValidationError(driveMessages.fileTooLarge, { files: driveMessages.fileTooLarge });
  return withDrive(ctx, connection, async (access, drive) => {
    const root = await clinicFolder(ctx, connection, access, drive);
    const { folder } = await folderFor(access, drive, root, input.folderId);
    const uploaded: DriveItem[] = [];
    for (const file of files) {
      const data = await readFile(file.path);
      uploaded.push(toItem(await drive.upload(access, { name: driveFileName(file.originalName), parentId: folder.id, mimeType: mimeTypeOf(file.mimeType), data })));
    }
    return uploaded;
  });
}

export async function deleteDriveItem(ctx: TherapistContext, id: string): Promise<void> {
  const connection = await requireConnection(ctx);
  await withDrive(ctx, connection, async (access, drive) => {
    const root = await clinicFolder(ctx, connection, access, drive);
    if (id === root.id) throw new ValidationError(driveMessages.rootNotDeletable);
    const { item } = await inside(access, drive, root, id);
    await drive.delete(access, item.id);
  });
}
