/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Failing the N-th write, fsync, close, rename or folder fsync below one folder (fault-shim.c). */
#pragma once

typedef enum
{
  FAULT_NONE,
  FAULT_WRITE,   /* fails with ENOSPC: the disk is full */
  FAULT_FSYNC,   /* fsync and fdatasync fail with EIO */
  FAULT_CLOSE,   /* closes, then reports EIO, as NFS can */
  FAULT_RENAME,  /* a rename onto a file in the folder fails with EIO */
  FAULT_DIRSYNC, /* fsync of the folder itself (or one below it), opened O_DIRECTORY, fails with EIO */
  FAULT_N_OPS
} FaultOp;

void        xq_fault_arm     (const char *dir,
                              FaultOp     op,
                              long        n);
void        xq_fault_arm_from (const char *dir,
                               FaultOp     op,
                               long        n);
int         xq_fault_disarm  (void);
const char *xq_fault_op_name (FaultOp     op);
