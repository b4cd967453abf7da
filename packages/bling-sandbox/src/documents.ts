/**
 * The sandbox's NF-e documents: a one-page DANFE (A4) with the access key's Code 128C barcode,
 * and the authorised XML (nfeProc) holding the key and the buyer's document. Both say they are
 * a sandbox's and carry no fiscal value.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { groupAccessKey } from './access-key';
import { code128cWidths } from './code128';

export type NoteDocument = {
  accessKey: string;
  number: number;
  series: number;
  issuedAt: string;
  protocol: string;
  issuer: { name: string; cnpj: string; uf: string };
  buyer: { name: string; document: string };
  items: { code: string; description: string; ncm: string; quantity: number; unitValue: number }[];
  totalValue: number;
  nature: string;
};

const ascii = (s: string) => s.normalize('NFD').replace(/[^\x20-\x7e]/g, '');
const money = (n: number) => n.toFixed(2).replace('.', ',');

export async function danfePdf(n: NoteDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`DANFE ${n.accessKey}`);
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 800;
  const line = (text: string, size = 10, f = font, x = 40) => {
    page.drawText(ascii(text), { x, y, size, font: f });
    y -= size + 6;
  };
  line('DANFE - Documento Auxiliar da Nota Fiscal Eletronica', 12, bold);
  line('SANDBOX - SEM VALOR FISCAL', 9, bold);
  line(`${n.issuer.name} - CNPJ ${n.issuer.cnpj} - ${n.issuer.uf}`, 9);
  line(`NF-e no ${n.number} - Serie ${n.series} - Emissao ${n.issuedAt.slice(0, 10)}`, 9);
  y -= 6;
  // The barcode: 1 module = 0.9 pt, 40 pt tall, quiet zone of 10 modules.
  const unit = 0.9;
  let x = 40 + 10 * unit;
  const barTop = y;
  code128cWidths(n.accessKey).forEach((w, i) => {
    if (i % 2 === 0) page.drawRectangle({ x, y: barTop - 40, width: w * unit, height: 40, color: rgb(0, 0, 0) });
    x += w * unit;
  });
  y -= 52;
  line('CHAVE DE ACESSO', 8, bold);
  line(groupAccessKey(n.accessKey), 11, bold);
  line(`Protocolo de autorizacao de uso: ${n.protocol}`, 8);
  y -= 6;
  line(`Natureza da operacao: ${n.nature}`, 9);
  line('DESTINATARIO', 8, bold);
  line(`${n.buyer.name} - ${n.buyer.document}`, 9);
  y -= 6;
  line('PRODUTOS', 8, bold);
  for (const it of n.items) line(`${it.code} ${it.description} NCM ${it.ncm} ${it.quantity} x ${money(it.unitValue)}`, 8);
  y -= 6;
  line(`VALOR TOTAL DA NOTA: R$ ${money(n.totalValue)}`, 10, bold);
  return doc.save();
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function nfeXml(n: NoteDocument): string {
  const doc = n.buyer.document.replace(/\D/g, '');
  const buyerDoc = doc.length === 14 ? `<CNPJ>${doc}</CNPJ>` : `<CPF>${doc}</CPF>`;
  const items = n.items
    .map(
      (it, i) =>
        `<det nItem="${i + 1}"><prod><cProd>${esc(it.code)}</cProd><xProd>${esc(it.description)}</xProd><NCM>${esc(it.ncm)}</NCM><qCom>${it.quantity.toFixed(4)}</qCom><vUnCom>${it.unitValue.toFixed(2)}</vUnCom><vProd>${(it.quantity * it.unitValue).toFixed(2)}</vProd></prod></det>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">` +
    `<NFe><infNFe Id="NFe${n.accessKey}" versao="4.00">` +
    `<ide><cUF>${n.accessKey.slice(0, 2)}</cUF><cNF>${n.accessKey.slice(35, 43)}</cNF><natOp>${esc(n.nature)}</natOp><mod>55</mod><serie>${n.series}</serie><nNF>${n.number}</nNF><dhEmi>${n.issuedAt}</dhEmi><tpEmis>${n.accessKey[34]}</tpEmis><cDV>${n.accessKey[43]}</cDV><tpAmb>2</tpAmb></ide>` +
    `<emit><CNPJ>${n.issuer.cnpj}</CNPJ><xNome>${esc(n.issuer.name)}</xNome><enderEmit><UF>${n.issuer.uf}</UF></enderEmit></emit>` +
    `<dest>${buyerDoc}<xNome>${esc(n.buyer.name)}</xNome></dest>` +
    items +
    `<total><ICMSTot><vNF>${n.totalValue.toFixed(2)}</vNF></ICMSTot></total>` +
    `<infAdic><infCpl>SANDBOX - SEM VALOR FISCAL</infCpl></infAdic>` +
    `</infNFe></NFe>` +
    `<protNFe versao="4.00"><infProt><tpAmb>2</tpAmb><chNFe>${n.accessKey}</chNFe><nProt>${n.protocol}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>` +
    `</nfeProc>`
  );
}
