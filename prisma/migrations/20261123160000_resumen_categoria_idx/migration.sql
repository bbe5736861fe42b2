-- A category filter over a year of hourly summaries read every category's rows of those hours
-- (the key starts with the hour) and kept one in nine. With the category before the hour, it
-- reads only its own.
CREATE INDEX "resumen_categoria_hora_categoria_idx" ON "resumen_categoria_hora" ("id_minimarket", "categoria", "hora");
