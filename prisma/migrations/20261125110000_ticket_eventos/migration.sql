-- CreateTable
-- Stream tickets already used (GET /api/soporte/eventos?ticket=): a ticket opens one stream,
-- once. Not a shop's table: it belongs to a user's session. A row is of no use once the ticket
-- has expired (60 s); using a ticket deletes the rows long past their expiry.
CREATE TABLE "ticket_eventos" (
    "id_ticket" UUID NOT NULL,
    "id_usuario" INTEGER NOT NULL,
    "expira_en" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ticket_eventos_pkey" PRIMARY KEY ("id_ticket")
);

-- CreateIndex
CREATE INDEX "ticket_eventos_expira_en_idx" ON "ticket_eventos"("expira_en");

-- AddForeignKey
ALTER TABLE "ticket_eventos" ADD CONSTRAINT "ticket_eventos_id_usuario_fkey" FOREIGN KEY ("id_usuario") REFERENCES "usuario"("id_usuario") ON DELETE CASCADE ON UPDATE CASCADE;
