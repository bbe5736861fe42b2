-- Support conversations between a shop and the administradores (issue #13). Shop-owned: every
-- table has id_minimarket in its primary key and in its foreign keys to the others, so they can be
-- distributed by shop (Citus) with the rest of the shop's data.

CREATE TABLE "conversacion" (
    "id_conversacion" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL REFERENCES "minimarket" ("id_minimarket") ON DELETE CASCADE,
    -- Who opened it (the shop's owner).
    "id_usuario" INTEGER NOT NULL REFERENCES "usuario" ("id_usuario") ON DELETE CASCADE,
    "asunto" TEXT NOT NULL CHECK (char_length("asunto") BETWEEN 1 AND 200),
    "estado" TEXT NOT NULL DEFAULT 'Activo' CHECK ("estado" IN ('Activo', 'Pendiente', 'Resuelto')),
    "prioridad" TEXT NOT NULL DEFAULT 'Media' CHECK ("prioridad" IN ('Alta', 'Media', 'Baja')),
    "fecha_creacion" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    -- The last message, kept here so a list of conversations reads one row per conversation.
    "ultimo_mensaje" TEXT NOT NULL DEFAULT '',
    "fecha_ultimo_mensaje" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    PRIMARY KEY ("id_minimarket", "id_conversacion")
);
-- A conversation is asked for by its id alone (/chats/chat/{id}); access is checked after.
CREATE INDEX "conversacion_id_idx" ON "conversacion" ("id_conversacion");
CREATE INDEX "conversacion_fecha_idx" ON "conversacion" ("fecha_ultimo_mensaje");

CREATE TABLE "mensaje_soporte" (
    "id_mensaje" SERIAL NOT NULL,
    "id_minimarket" INTEGER NOT NULL,
    "id_conversacion" INTEGER NOT NULL,
    -- The author; their name and role at the time stay with the message if the account goes.
    "id_usuario" INTEGER REFERENCES "usuario" ("id_usuario") ON DELETE SET NULL,
    "nombre_autor" TEXT NOT NULL,
    "rol_autor" TEXT NOT NULL CHECK ("rol_autor" IN ('administrador', 'pyme')),
    "texto" TEXT NOT NULL CHECK (char_length("texto") BETWEEN 1 AND 4000),
    "fecha" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    PRIMARY KEY ("id_minimarket", "id_mensaje"),
    FOREIGN KEY ("id_minimarket", "id_conversacion") REFERENCES "conversacion" ("id_minimarket", "id_conversacion") ON DELETE CASCADE
);
CREATE INDEX "mensaje_soporte_conversacion_idx" ON "mensaje_soporte" ("id_minimarket", "id_conversacion", "id_mensaje");

-- How far each person has read each conversation (the unread marks).
CREATE TABLE "lectura_conversacion" (
    "id_minimarket" INTEGER NOT NULL,
    "id_conversacion" INTEGER NOT NULL,
    "id_usuario" INTEGER NOT NULL REFERENCES "usuario" ("id_usuario") ON DELETE CASCADE,
    "ultimo_leido" INTEGER NOT NULL,
    PRIMARY KEY ("id_minimarket", "id_conversacion", "id_usuario"),
    FOREIGN KEY ("id_minimarket", "id_conversacion") REFERENCES "conversacion" ("id_minimarket", "id_conversacion") ON DELETE CASCADE
);
