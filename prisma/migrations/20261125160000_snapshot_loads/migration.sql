-- CreateTable
CREATE TABLE "snapshot_loads" (
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "completed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snapshot_loads_pkey" PRIMARY KEY ("name")
);
