/**
 * Header vocabulary for column-role inference in English, German, French, Spanish, Dutch
 * and Portuguese. Headers are compared in a normalised "compact" form: camelCase split,
 * lower-cased, accents and punctuation removed, spaces dropped (`Customer ID`,
 * `CustomerID`, `customer_id` and `CUSTOMER-ID` are all `customerid`).
 *
 * Scores are on a 0–100 scale: 100 for an exact, unambiguous name; lower for partial or
 * ambiguous ones, which the column's values then have to confirm (see infer.ts).
 */
import type { ColumnRole } from '../contract';

/** Lower-cased, accent-free words of a header; camelCase and snake_case are split. */
export function headerWords(header: string): string[] {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^a-z0-9%]+/)
    .filter((w) => w !== '');
}

/** The compact form used for matching: words joined without spaces. */
export function compactHeader(header: string): string {
  return headerWords(header).join('');
}

type Table = Partial<Record<ColumnRole, Record<string, number>>>;

function names(score: number, list: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of list.split(/\s+/).filter(Boolean)) out[name] = score;
  return out;
}

/** Exact compact names per role, with their scores. */
const EXACT: Table = {
  customerId: {
    ...names(
      100,
      `customerid custid custno customerno customernumber customernr customercode customerkey customerref
       clientid clientno clientnumber clientcode clientnr clientref accountid accountno accountnumber buyerid
       kundennr kundennummer kundenid kdnr kundencode kundenref debitor debitornr debitorennummer
       idclient numeroclient numclient codeclient refclient noclient nclient
       clienteid idcliente codcliente codigocliente numerocliente nocliente idcliente numcliente
       klantnummer klantnr klantid klantcode debiteurnummer debiteurnr debiteur debtorid shopperid memberid
       codigodocliente iddocliente`,
    ),
    ...names(70, 'storenumber storeid storeno storenr'),
    ...names(60, 'customer client cliente kunde klant'),
  },
  customerName: {
    ...names(
      100,
      `customername custname clientname nomclient nomduclient nombrecliente nombredelcliente kundenname kundename
       klantnaam nomecliente nomedocliente companyname firmenname raisonsociale razonsocial bedrijfsnaam
       accountname buyername`,
    ),
    ...names(70, 'name'),
    ...names(80, 'company firma empresa entreprise societe bedrijf buyer'),
    ...names(70, 'storename'),
    ...names(60, 'customer client cliente kunde klant'),
  },
  orderId: {
    ...names(
      100,
      `orderid orderno ordernumber ordernr orderref invoiceno invoice invoiceid invoicenumber invoicenr invoiceref
       rechnungsnr rechnungsnummer rechnung belegnr belegnummer auftragsnr auftragsnummer bestellnr bestellnummer
       factura numfactura nofactura numerofactura facture numfacture nofacture numerofacture numerodefacture
       commande numcommande nocommande pedido numpedido numerodepedido factuurnummer factuur factuurnr ordernummer
       bestelnummer fatura numerofatura notafiscal receiptno receiptnumber transactionid transactionno docno
       documentno documentnumber salesorder salesorderno salesorderid voucherno`,
    ),
    ...names(80, 'order receipt transaction document beleg'),
  },
  date: {
    ...names(
      100,
      `date orderdate invoicedate transactiondate saledate salesdate purchasedate postingdate documentdate
       datum rechnungsdatum belegdatum bestelldatum auftragsdatum buchungsdatum verkaufsdatum
       fecha fechafactura fechapedido fechaventa fechadefactura fechadepedido
       datefacture datecommande datedefacture datedecommande datedevente
       data datavenda datapedido datafatura dataemissao datadopedido factuurdatum orderdatum besteldatum
       transactiedatum invoicedatetime orderdatetime day`,
    ),
    ...names(70, 'timestamp createdat createddate creationdate tag jour dia dag period periode'),
    ...names(40, 'shipdate deliverydate duedate lieferdatum versanddatum fechaentrega dateexpedition datelivraison'),
  },
  quantity: {
    ...names(
      100,
      `quantity qty quantities qnt quantite cantidad cant menge anzahl stuck stueck stk stuckzahl aantal hoeveelheid
       quantidade qtd qtde units unitssold bottlessold numberofcds pieces pcs volumesold qtysold quantitysold`,
    ),
  },
  unitPrice: {
    ...names(
      100,
      `unitprice price priceeach priceperunit salesprice saleprice sellingprice listprice netprice einzelpreis preis
       stueckpreis stuckpreis vkpreis verkaufspreis nettopreis prixunitaire prix prixdevente prixunitht
       preciounitario precio preciodeventa prijs stukprijs eenheidsprijs verkoopprijs precounitario preco
       precodevenda valorunitario rate unitrate statebottleretail retailprice bottleretail`,
    ),
  },
  amount: {
    ...names(
      100,
      `amount total totalprice totalamount totalsales linetotal lineamount linevalue sales salesamount salesvalue
       revenue turnover netamount netsales grosssales value dollarvalue saledollars sale extendedprice extprice
       extendedamount umsatz betrag gesamt gesamtbetrag gesamtpreis nettobetrag bruttobetrag nettoumsatz wert
       warenwert montant montantht montantttc chiffredaffaires totalht totalttc importe importetotal ventas venta
       monto valor valortotal bedrag omzet totaal totaalbedrag receita faturamento valorvenda valortotal subtotal
       spend spent dollars`,
    ),
  },
  unitCost: {
    ...names(
      100,
      `unitcost costprice costeach costperunit purchaseprice einkaufspreis ekpreis einstandspreis prixdachat
       prixachat coutunitaire costounitario preciocosto preciodecompra preciocompra inkoopprijs kostprijs
       custounitario precodecusto precocusto statebottlecost bottlecost cogsperunit standardcost unitcogs`,
    ),
  },
  cost: {
    ...names(
      100,
      `cost costs cogs costofgoods costofgoodssold totalcost linecost costamount kosten wareneinsatz einkaufswert
       einstandswert cout couts couttotal coutdachat costo costototal costos inkoopwaarde custo custototal`,
    ),
  },
  profit: {
    ...names(
      100,
      `profit grossprofit netprofit margin grossmargin marge rohertrag deckungsbeitrag gewinn beneficio ganancia
       margen utilidad winst brutowinst lucro margem lucrobruto`,
    ),
  },
  productId: {
    ...names(
      100,
      `productid productcode productno productnumber productnr prodid sku stockcode itemid itemno itemnumber itemcode
       itemnr articleid articleno articlenumber artikelnr artikelnummer artikelid artnr materialnr materialnummer
       codigoproducto codproducto idproducto codigoarticulo codarticulo referencia codeproduit refproduit
       reference codearticle refarticle artikelcode codigoproduto codproduto partno partnumber upc ean gtin
       barcode asin`,
    ),
    ...names(70, 'material'),
  },
  productName: {
    ...names(
      100,
      `productname produktname itemdescription itemname productdescription artikelbezeichnung artikelname
       bezeichnung designation libelle nomproduit nomduproduit nombreproducto nombredelproducto productnaam
       artikelnaam artikelomschrijving nomeproduto nomedoproduto descricao descripcion description omschrijving
       beschreibung itemdesc`,
    ),
    ...names(90, 'product produkt produit producto produto artikel article articulo item'),
  },
  category: {
    ...names(
      100,
      `category categoryname productcategory itemcategory kategorie warengruppe produktgruppe artikelgruppe
       produktkategorie categorie famille categoria familia productgroep productcategorie productgroup
       productline productfamily department abteilung rayon sparte`,
    ),
    ...names(70, 'subcategory unterkategorie souscategorie subcategoria group class'),
  },
  supplier: {
    ...names(
      100,
      `supplier suppliername supplierid vendor vendorname vendorid vendornumber brand brandname manufacturer
       lieferant lieferantenname lieferantennr hersteller marke fournisseur marque fabricant proveedor marca
       fabricante leverancier merk fabrikant fornecedor distributor principal make`,
    ),
    ...names(60, 'seller sellerid'),
  },
  region: {
    ...names(100, 'region salesregion regio regiao gebiet vertriebsgebiet'),
    ...names(95, 'territory salesterritory'),
    ...names(90, 'country countryname land pays pais market'),
    ...names(80, 'state province bundesland provincia provincie estado district zone area'),
    ...names(70, 'city ort stadt ville ciudad plaats cidade'),
  },
  salesRep: {
    ...names(
      100,
      `salesrep salesperson salesman salesagent rep agent accountmanager accountowner vertreter aussendienst
       verkaeufer verkaufer sachbearbeiter vendeur commercial representant vendedor comercial agente verkoper
       vertegenwoordiger representante consultor`,
    ),
    ...names(60, 'owner manager person'),
  },
};

/** Pattern rules for compound or unlisted headers, tried when no exact name matches. */
const PATTERNS: { role: ColumnRole; pattern: RegExp; unless?: RegExp; score: number }[] = [
  {
    role: 'customerId',
    pattern: /^(customer|cust|client|cliente|kunden?|klant|buyer|debitor|debiteur)(id|no|nr|num|number|nummer|code|key|ref|numero)$/,
    score: 95,
  },
  { role: 'customerId', pattern: /(customer|client|kunde|klant).*(id|nr|no|number|nummer|code)$/, score: 85 },
  { role: 'customerName', pattern: /(customer|client|kunde|klant).*(name|naam|nom|nombre|nome)$/, score: 95 },
  {
    role: 'orderId',
    pattern:
      /^(order|invoice|inv|rechnungs?|beleg|auftrags?|bestell|factura|facture|fatura|factuur|pedido|commande|bestel|transaction|receipt|document|voucher)(id|no|nr|num|number|nummer|code|ref|numero)$/,
    score: 95,
  },
  {
    role: 'orderId',
    pattern: /(invoice|order|rechnung|factura|facture|pedido|commande)/,
    unless: /(date|datum|fecha|data|qty|quantity|line|status|type|priority|mode|value|total|amount)/,
    score: 70,
  },
  {
    role: 'date',
    pattern: /(date|datum|fecha|^data|data$|time)/,
    unless: /(ship|deliver|due|liefer|versand|envio|entrega|livraison|levering|expedi|update|modif|birth|geburt)/,
    score: 75,
  },
  { role: 'date', pattern: /(date|datum|fecha|^data|data$)/, score: 40 },
  { role: 'quantity', pattern: /(qty|quantit|cantidad|menge|anzahl|aantal|unitssold|sold$|numberof)/, score: 85 },
  {
    role: 'unitCost',
    pattern: /(cost|kost|cout|costo|custo|einkauf|einstand|inkoop|achat|compra)/,
    unless: /(total|gesamt|line)/,
    score: 0,
  },
  {
    role: 'unitPrice',
    pattern: /(price|preis|prix|precio|prijs|preco)/,
    unless: /(cost|kost|cout|costo|custo|einkauf|purchase|achat|compra|inkoop|total|gesamt|ext)/,
    score: 80,
  },
  {
    role: 'amount',
    pattern: /(amount|total|revenue|sales|umsatz|betrag|montant|importe|ventas|monto|bedrag|omzet|valor|dollar|turnover|wert)/,
    unless: /(qty|quantit|count|cost|kost|tax|steuer|discount|rabatt|date|profit|margin|rep|person|agent|region|channel|id$|no$|nr$)/,
    score: 75,
  },
  {
    role: 'profit',
    pattern: /(profit|margin|marge|margen|margem|gewinn|rohertrag|winst|lucro|beneficio)/,
    unless: /(%|pct|percent|prozent|ratio|rate)/,
    score: 80,
  },
  { role: 'cost', pattern: /(cost|kost|cout|costo|custo|cogs|wareneinsatz)/, score: 75 },
  {
    role: 'productId',
    pattern:
      /^(product|prod|item|article|artikel|art|material|part|produkt|producto|produto|produit|articulo)(id|no|nr|num|number|nummer|code|key|ref|sku)$/,
    score: 95,
  },
  {
    role: 'productName',
    pattern:
      /^(product|item|article|artikel|produkt|producto|produto|produit)(name|naam|nom|nombre|nome|desc|description|bezeichnung|title)/,
    score: 90,
  },
  { role: 'category', pattern: /(categor|kategor|gruppe|group|famil)/, score: 70 },
  {
    role: 'supplier',
    pattern: /(supplier|vendor|lieferant|fournisseur|proveedor|leverancier|fornecedor|manufacturer|hersteller|brand)/,
    score: 85,
  },
  { role: 'salesRep', pattern: /(salesrep|salesperson|vertreter|vendedor|verkoper|accountmanager)/, score: 85 },
];

const UNIT_COST = /(unit|each|per|price|preis|prix|precio|prijs|preco|stuck|bottle|einzel|unitario)/;

/** Every role the header alone suggests, with a score (higher is more certain). */
export function headerRoleScores(header: string): Map<ColumnRole, number> {
  const compact = compactHeader(header);
  const scores = new Map<ColumnRole, number>();
  if (compact === '') return scores;
  for (const [role, table] of Object.entries(EXACT) as [ColumnRole, Record<string, number>][]) {
    const score = table[compact];
    if (score !== undefined) scores.set(role, score);
  }
  for (const rule of PATTERNS) {
    if (!rule.pattern.test(compact) || rule.unless?.test(compact)) continue;
    let score = rule.score;
    if (rule.role === 'unitCost') score = UNIT_COST.test(compact) ? 85 : 0;
    if (score > (scores.get(rule.role) ?? 0)) scores.set(rule.role, score);
  }
  return scores;
}
